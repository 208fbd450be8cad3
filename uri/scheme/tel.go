package scheme

// Tel holds the parts of a tel URI (RFC 3966 section 3), as written.
type Tel struct {
	Grammar
	// Number is the global-number-digits ("+1-201-555-0123") or local-number-digits, with
	// its visual separators; Global reports the global form (5.1.4). Digits is Number
	// without visual separators, as section 4 compares numbers.
	Number string `json:"number"`
	Global bool   `json:"global"`
	Digits string `json:"digits"`
	// PhoneContext is the descriptor of ";phone-context=" (5.1.5), Extension the digits
	// of ";ext=" (5.3) and ISDNSubaddress the text of ";isub=" (5.2); nil when absent.
	// The grammar's isdn-subaddress takes in the parameters after it that are made of its
	// characters (grammar/NOTES.md), and so does ISDNSubaddress.
	PhoneContext   *string `json:"phone_context"`
	Extension      *string `json:"extension"`
	ISDNSubaddress *string `json:"isdn_subaddress"`
	// Parameters are the other parameters in order (5.4).
	Parameters []Parameter `json:"parameters"`
}

// Parameter is one ";" pname [ "=" pvalue ] of a tel or geo URI, as written; Value
// is nil without "=".
type Parameter struct {
	Name  string  `json:"name"`
	Value *string `json:"value"`
}
