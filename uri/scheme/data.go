package scheme

// Data holds the parts of a data URL (RFC 2397 section 3).
type Data struct {
	Grammar
	// MediaType is type "/" subtype as written, "" when omitted; Type and Subtype are its
	// two halves, nil when omitted. EffectiveMediaType is MediaType, or "text/plain" when
	// it is omitted (section 2: "If <mediatype> is omitted, it defaults to
	// text/plain;charset=US-ASCII. As a shorthand, "text/plain" can be omitted but the
	// charset parameter supplied").
	MediaType          string  `json:"media_type"`
	Type               *string `json:"type"`
	Subtype            *string `json:"subtype"`
	EffectiveMediaType string  `json:"effective_media_type"`
	// Parameters are the media type's parameters in order, as written.
	Parameters []DataParameter `json:"parameters"`
	// Base64 reports ";base64": the data is base64 (RFC 2045 section 6.8) after its
	// escapes are decoded.
	Base64 bool `json:"base64"`
	// Data is the text after ",", as written.
	Data string `json:"data"`
	// Payload is the data's octets: Data with its escapes decoded, then base64-decoded
	// when Base64 is set. Where the base64 is malformed, Payload is nil and PayloadError
	// says why (RFC 2397 does not make such a URL invalid).
	Payload      []byte `json:"payload"`
	PayloadError string `json:"payload_error,omitempty"`
}

// DataParameter is one attribute "=" value of a data URL's media type, as written.
type DataParameter struct {
	Attribute string `json:"attribute"`
	Value     string `json:"value"`
}
