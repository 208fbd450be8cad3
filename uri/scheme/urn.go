package scheme

// URN holds the parts of a URN (RFC 8141 section 2), as written (nothing is decoded:
// URN-equivalence, section 3, compares the NSS with its percent-encodings as they are).
type URN struct {
	Grammar
	// NID is the namespace identifier (2.1), case-insensitive; NSS the namespace specific
	// string (2.2).
	NID string `json:"nid"`
	NSS string `json:"nss"`
	// RComponent, QComponent and FComponent are the text after "?+", "?=" and "#" (2.3),
	// nil when absent.
	RComponent *string `json:"r_component"`
	QComponent *string `json:"q_component"`
	FComponent *string `json:"f_component"`
	// Informal reports an informal namespace ("urn-" and a number, 5.2).
	Informal bool `json:"informal"`
}
