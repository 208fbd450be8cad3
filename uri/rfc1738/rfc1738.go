// Package rfc1738 checks URLs against the scheme-specific syntax of RFC 1738 section 5:
// the rules of its ten schemes (ftp, file, http, gopher, mailto, news, nntp, telnet,
// wais, prospero), for a reference parsed under any spec, and reads their fields.
//
// Read checks a uri.Reference and Check a string; each returns a URL, one of the ten
// scheme types (FTPURL, FileURL, HTTPURL, GopherURL, MailtoURL, NewsURL, NNTPURL,
// TelnetURL, WAISURL, and ProsperoURL with its ProsperoFields), which all embed Scheme:
// the scheme's name, the rule it matched and its default port. A URL that breaks its scheme's rule is a *uri.Error of
// spec rfc1738; a reference whose scheme is none of the ten gives ErrNoScheme.
// DefaultPort and IsScheme answer for a scheme name.
//
// The syntax is RFC 1738's exactly: the URL is run through the scheme's own rule of the
// generated rfc1738 parser (grammar/rfc1738.peg), and the fields are read from its
// tokens. Values are the raw text of the input; nothing is decoded. Under the rfc1738
// spec, package uri already requires a URL of the ten schemes to match its rule (unless
// uri.GenericOnly); this package reads the fields, and checks references of the other
// specs against RFC 1738. The scheme grammars of today's RFCs, which rfc3986 and rfc3987
// check, are package uri's (uri.SchemeGrammars).
//
// Two readings of the text (not of the BNF) apply, because these are interpreters:
//   - the scheme is recognised in any case, and checked as if written in lower case
//     (section 2.1: "programs interpreting URLs should treat upper case letters as
//     equivalent to lower case in scheme names"; the BNF itself prints them in lower case);
//   - a fragment that the reference's own spec delimits with "#" is left out: RFC 1738
//     2.2 says "#" delimits a URL from a fragment identifier "that might follow it".
//     Under rfc1738 no reference has one.
package rfc1738

import (
	"errors"
	"strings"

	gen "github.com/urispec/urispec/gen/rfc1738"
	"github.com/urispec/urispec/internal/engine"
	"github.com/urispec/urispec/uri"
)

// URL is the scheme-specific syntax of a URL: one of *FTPURL, *FileURL, *HTTPURL,
// *GopherURL, *MailtoURL, *NewsURL, *NNTPURL, *TelnetURL, *WAISURL, *ProsperoURL. Each
// encodes to JSON as an object with the fields of Scheme and its own.
type URL interface {
	Syntax() *Scheme
}

// Scheme is what every URL has: the scheme, the rule it matched and its default port.
type Scheme struct {
	// Name is the scheme in lower case ("ftp").
	Name string `json:"name"`
	// Rule is the RFC 1738 rule that the URL matched ("ftpurl"; for wais, "waisdatabase",
	// "waisindex" or "waisdoc").
	Rule string `json:"rule"`
	// DefaultPort is the scheme's default port (section 3), 0 for file, mailto and news.
	DefaultPort int `json:"default_port,omitempty"`
}

// Syntax returns s itself; it makes every scheme's type a URL.
func (s *Scheme) Syntax() *Scheme { return s }

// FTPURL is "ftp://" login [ "/" fpath [ ";type=" ftptype ]] (3.2).
type FTPURL struct {
	Scheme
	User     *string `json:"user"`     // nil without "@"; "" in ftp://@host/
	Password *string `json:"password"` // nil without ":" before the "@"
	Host     string  `json:"host"`
	Port     *string `json:"port"`
	// Path is fpath, after the "/" that follows the host and before ";type=" (nil
	// without that "/"); Segments is Path split at each "/" (3.2.2: the fsegments).
	Path     *string  `json:"path"`
	Segments []string `json:"segments"`
	Type     *string  `json:"type"` // the ftptype after ";type=", one of A I D a i d
}

// FileURL is "file://" [ host | "localhost" ] "/" fpath (3.10).
type FileURL struct {
	Scheme
	Host     string   `json:"host"` // "" when empty (the machine interpreting the URL)
	Path     string   `json:"path"` // fpath, after the "/"
	Segments []string `json:"segments"`
}

// HTTPURL is "http://" hostport [ "/" hpath [ "?" search ]] (3.3).
type HTTPURL struct {
	Scheme
	Host   string  `json:"host"`
	Port   *string `json:"port"`
	Path   *string `json:"path"` // hpath, after the "/" (nil without it)
	Search *string `json:"search"`
}

// GopherURL is "gopher://" hostport [ "/" [ gtype [ selector [ "%09" search [ "%09"
// gopher+_string ] ] ] ] ] (3.4). The BNF's selector (*xchar) also derives the "%09"
// parts; as section 3.4 describes, the text after gtype is split at its first two "%09".
type GopherURL struct {
	Scheme
	Host       string  `json:"host"`
	Port       *string `json:"port"`
	Type       *string `json:"type"` // gtype, one character; nil when the gopher-path is empty ("1" by default, 3.4)
	Selector   *string `json:"selector"`
	Search     *string `json:"search"`
	GopherPlus *string `json:"gopher_plus"` // gopher+_string
}

// MailtoURL is "mailto:" encoded822addr (3.5).
type MailtoURL struct {
	Scheme
	Address string `json:"address"`
}

// NewsURL is "news:" grouppart (3.6): exactly one of Group ("*" for all groups) and
// Article (the message-id, without "<" ">") is set.
type NewsURL struct {
	Scheme
	Group   *string `json:"group"`
	Article *string `json:"article"`
}

// NNTPURL is "nntp://" hostport "/" group [ "/" digits ] (3.7).
type NNTPURL struct {
	Scheme
	Host    string  `json:"host"`
	Port    *string `json:"port"`
	Group   string  `json:"group"`
	Article *string `json:"article"` // the article number
}

// TelnetURL is "telnet://" login [ "/" ] (3.8).
type TelnetURL struct {
	Scheme
	User     *string `json:"user"`
	Password *string `json:"password"`
	Host     string  `json:"host"`
	Port     *string `json:"port"`
}

// WAISURL is waisdatabase, waisindex or waisdoc (3.9); Rule says which.
type WAISURL struct {
	Scheme
	Host     string  `json:"host"`
	Port     *string `json:"port"`
	Database string  `json:"database"`
	Type     *string `json:"type"`   // wtype (waisdoc)
	Path     *string `json:"path"`   // wpath (waisdoc)
	Search   *string `json:"search"` // waisindex
}

// ProsperoURL is "prospero://" hostport "/" ppath *[ fieldspec ] (3.11).
type ProsperoURL struct {
	Scheme
	Host   string          `json:"host"`
	Port   *string         `json:"port"`
	Path   string          `json:"path"` // ppath, the hsoname
	Fields []ProsperoField `json:"fields"`
}

// ProsperoField is one ";" fieldname "=" fieldvalue.
type ProsperoField struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// schemeDef is one scheme of RFC 1738 section 5.
type schemeDef struct {
	rule string // its rule in grammar/rfc1738.peg
	port int    // default port, 0 if none
	id   int    // rule number in gen/rfc1738
}

var schemeDefs = map[string]*schemeDef{
	"ftp":      {rule: "ftpurl", port: 21},
	"file":     {rule: "fileurl"},
	"http":     {rule: "httpurl", port: 80},
	"gopher":   {rule: "gopherurl", port: 70},
	"mailto":   {rule: "mailtourl"},
	"news":     {rule: "newsurl"},
	"nntp":     {rule: "nntpurl", port: 119},
	"telnet":   {rule: "telneturl", port: 23},
	"wais":     {rule: "waisurl", port: 210},
	"prospero": {rule: "prosperourl", port: 1525},
}

// The rules whose tokens the validators read.
var schemeTokenNames = []string{
	"user", "password", "host", "port", "fpath", "ftptype", "file_host", "hpath", "search",
	"gtype", "selector", "encoded822addr", "group", "article", "waisdatabase", "waisindex",
	"waisdoc", "database", "wtype", "wpath", "ppath", "fieldname", "fieldvalue",
}

var schemeTokens = map[int]string{}

func init() {
	for _, d := range schemeDefs {
		if d.id = gen.RuleID(d.rule); d.id < 0 {
			panic("uri/rfc1738: gen/rfc1738 has no rule " + d.rule)
		}
	}
	for _, name := range schemeTokenNames {
		id := gen.RuleID(name)
		if id < 0 {
			panic("uri/rfc1738: gen/rfc1738 has no rule " + name)
		}
		schemeTokens[id] = name
	}
}

// DefaultPort returns the default port of a scheme of RFC 1738 section 3 (ftp 21, http
// 80, gopher 70, nntp 119, telnet 23, wais 210, prospero 1525), in any case (2.1). file,
// mailto, news and other schemes have none.
func DefaultPort(scheme string) (int, bool) {
	if d := schemeDefs[strings.ToLower(scheme)]; d != nil && d.port != 0 {
		return d.port, true
	}
	return 0, false
}

// IsScheme reports whether scheme (in any case) is one of the ten with a rule of its own
// in RFC 1738 section 5.
func IsScheme(scheme string) bool { return schemeDefs[strings.ToLower(scheme)] != nil }

// ErrNoScheme is the error of Read and Check for a reference that has no scheme, or whose
// scheme is not one of the ten that RFC 1738 section 5 gives a syntax of its own: there
// is nothing to check it against. Test for it with errors.Is.
var ErrNoScheme = errors.New("rfc1738: no scheme-specific syntax for this scheme")

// Read checks the reference, parsed under any spec, against the RFC 1738 rule of its
// scheme and returns its fields. When the reference has no scheme or its scheme is not
// one of the ten, the error is ErrNoScheme. When the text does not match the scheme's
// rule, the error is a *uri.Error of spec rfc1738 whose Offset is a byte offset into
// r.Input() and whose Rule names the rule that the character broke.
func Read(r uri.Reference) (URL, error) {
	scheme, ok := r.Get(uri.Scheme)
	if !ok {
		return nil, ErrNoScheme
	}
	d := schemeDefs[strings.ToLower(scheme)]
	if d == nil {
		return nil, ErrNoScheme
	}
	// The URL runs from the scheme (after url-1993's "URL:" prefix) to the fragment,
	// which RFC 1738 does not count as part of a URL (2.2); errors keep offsets into
	// the whole input.
	begin, end, _ := r.Span(uri.Scheme)
	input := r.Input()
	text := input
	if f, _, ok := r.Span(uri.Fragment); ok {
		text = text[:f-1]
	}
	text = strings.ToLower(scheme) + text[end:]
	u, err := check(d, strings.ToLower(scheme), text, input)
	var e *uri.Error
	if errors.As(err, &e) {
		e.Offset += begin
	}
	return u, err
}

// Check parses s as an RFC 1738 URL of one of the ten schemes, with that scheme's rule
// (the scheme in any case, 2.1). It returns ErrNoScheme when s has no such scheme, and a
// *uri.Error when s does not match the rule.
func Check(s string) (URL, error) {
	i := strings.IndexByte(s, ':')
	if i < 0 {
		return nil, ErrNoScheme
	}
	name := strings.ToLower(s[:i])
	d := schemeDefs[name]
	if d == nil {
		return nil, ErrNoScheme
	}
	return check(d, name, name+s[i:], s)
}

// check runs d's rule on text, which is input (or a prefix of it) with the scheme in
// lower case.
func check(d *schemeDef, name, text, input string) (URL, error) {
	var t *tokenSpans
	if err := engine.Run(engine.RFC1738, d.id, text, nil, func(tokens [][3]int32) { t = readTokens(tokens, text) }); err != nil {
		var e *uri.Error
		if errors.As(err, &e) {
			e.Input = input
		}
		return nil, err
	}
	base := Scheme{Name: name, Rule: d.rule, DefaultPort: d.port}
	switch name {
	case "ftp":
		u := &FTPURL{Scheme: base, User: t.opt("user"), Password: t.opt("password"), Host: t.get("host"), Port: t.opt("port"), Path: t.opt("fpath"), Type: t.opt("ftptype")}
		if u.Path != nil {
			u.Segments = strings.Split(*u.Path, "/")
		}
		return u, nil
	case "file":
		u := &FileURL{Scheme: base, Host: t.get("file_host"), Path: t.get("fpath")}
		u.Segments = strings.Split(u.Path, "/")
		return u, nil
	case "http":
		return &HTTPURL{Scheme: base, Host: t.get("host"), Port: t.opt("port"), Path: t.opt("hpath"), Search: t.opt("search")}, nil
	case "gopher":
		u := &GopherURL{Scheme: base, Host: t.get("host"), Port: t.opt("port"), Type: t.opt("gtype")}
		if sel := t.opt("selector"); sel != nil {
			parts := strings.SplitN(*sel, "%09", 3)
			u.Selector = &parts[0]
			if len(parts) > 1 {
				u.Search = &parts[1]
			}
			if len(parts) > 2 {
				u.GopherPlus = &parts[2]
			}
		}
		return u, nil
	case "mailto":
		return &MailtoURL{Scheme: base, Address: t.get("encoded822addr")}, nil
	case "news":
		u := &NewsURL{Scheme: base, Article: t.opt("article")}
		if u.Article == nil {
			g := text[len("news:"):]
			u.Group = &g // group, or "*"
		}
		return u, nil
	case "nntp":
		u := &NNTPURL{Scheme: base, Host: t.get("host"), Port: t.opt("port"), Group: t.get("group")}
		if end := t.end("group"); end < len(text) {
			a := text[end+1:] // after "/"
			u.Article = &a
		}
		return u, nil
	case "telnet":
		return &TelnetURL{Scheme: base, User: t.opt("user"), Password: t.opt("password"), Host: t.get("host"), Port: t.opt("port")}, nil
	case "wais":
		u := &WAISURL{Scheme: base, Host: t.get("host"), Port: t.opt("port"), Database: t.get("database"), Type: t.opt("wtype"), Path: t.opt("wpath"), Search: t.opt("search")}
		for _, form := range []string{"waisdatabase", "waisindex", "waisdoc"} {
			if t.opt(form) != nil {
				u.Rule = form
			}
		}
		return u, nil
	case "prospero":
		u := &ProsperoURL{Scheme: base, Host: t.get("host"), Port: t.opt("port"), Path: t.get("ppath")}
		if len(t.fieldNames) > 0 {
			u.Fields = make([]ProsperoField, 0, len(t.fieldNames))
		}
		for i, n := range t.fieldNames {
			u.Fields = append(u.Fields, ProsperoField{Name: n, Value: t.fieldValues[i]})
		}
		return u, nil
	}
	panic("uri/rfc1738: no scheme validator for " + name)
}

// tokenSpans holds the spans of the rules of schemeTokenNames after a Run.
type tokenSpans struct {
	text                    string
	spans                   map[string][2]int
	fieldNames, fieldValues []string
}

func readTokens(tokens [][3]int32, text string) *tokenSpans {
	t := &tokenSpans{text: text, spans: map[string][2]int{}}
	// The fields of prospero are counted first, so that their lists are allocated once
	// at their size (append grows a long list by a quarter at a time, allocating about
	// five times what it ends up holding).
	fields := 0
	for _, tok := range tokens {
		if schemeTokens[int(tok[0])] == "fieldname" {
			fields++
		}
	}
	if fields > 0 {
		t.fieldNames, t.fieldValues = make([]string, 0, fields), make([]string, 0, fields)
	}
	for _, tok := range tokens {
		begin, end := int(tok[1]), int(tok[2])
		name, ok := schemeTokens[int(tok[0])]
		if !ok {
			continue
		}
		// Tokens come in post-order: a rule nested in itself does not occur in these
		// rules, and each occurs once, except the fields of prospero.
		switch name {
		case "fieldname":
			t.fieldNames = append(t.fieldNames, text[begin:end])
		case "fieldvalue":
			t.fieldValues = append(t.fieldValues, text[begin:end])
		default:
			t.spans[name] = [2]int{begin, end}
		}
	}
	return t
}

// opt returns the text of the rule's token, nil if it did not match.
func (t *tokenSpans) opt(name string) *string {
	sp, ok := t.spans[name]
	if !ok {
		return nil
	}
	v := t.text[sp[0]:sp[1]]
	return &v
}

// get returns the text of the rule's token, "" if it did not match.
func (t *tokenSpans) get(name string) string {
	if v := t.opt(name); v != nil {
		return *v
	}
	return ""
}

// end returns the end of the rule's token, -1 if it did not match.
func (t *tokenSpans) end(name string) int {
	if sp, ok := t.spans[name]; ok {
		return sp[1]
	}
	return -1
}
