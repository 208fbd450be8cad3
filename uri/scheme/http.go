package scheme

// HTTP holds the parts of an http or https URI (RFC 9110 4.2.1, 4.2.2). Values are
// the text of the URI as written (nothing is decoded); the fragment is no part of them
// (4.2.5).
type HTTP struct {
	Grammar
	// Userinfo is the userinfo before "@", nil without it; its use is deprecated (4.2.4).
	Userinfo *string `json:"userinfo"`
	// Host is the uri-host (RFC 3986 3.2.2), brackets included for an IP-literal; never
	// empty (4.2.1).
	Host string `json:"host"`
	// Port is the port after ":", nil without ":" and "" when empty; DefaultPort is the
	// scheme's (80 for http, 443 for https), and EffectivePort the port that applies:
	// Port unless it is empty or not given (4.2.1: "If the port subcomponent is empty or
	// not given, TCP port 80 ... is the default").
	Port          *string `json:"port"`
	DefaultPort   int     `json:"default_port"`
	EffectivePort string  `json:"effective_port"`
	// Path is the path-abempty, possibly empty; Query the query after "?", nil without it.
	Path  string  `json:"path"`
	Query *string `json:"query"`
}
