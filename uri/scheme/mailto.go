package scheme

// Mailto holds the parts of a mailto URI (RFC 6068 section 2), percent-decoded
// (section 5: "client software that reads URIs MUST decode strings before creating the
// mail message"). A decoded value may hold bytes that are not UTF-8, or any character:
// show it with care (section 7).
type Mailto struct {
	Grammar
	// To are the addresses before "?" (each an addr-spec), in order; empty when there
	// is none.
	To []string `json:"to"`
	// Headers are the header fields after "?", in order, as written (a name may occur
	// more than once; "body" is the message body; hfname is case-insensitive).
	Headers []MailtoHeader `json:"headers"`
}

// MailtoHeader is one hfield: hfname "=" hfvalue, percent-decoded.
type MailtoHeader struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}
