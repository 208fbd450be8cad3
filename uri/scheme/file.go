package scheme

// File holds the parts of a file URI (RFC 8089 section 2), as written.
type File struct {
	Grammar
	// Host is the file-auth after "//": nil without "//" ("file:/path"), "" when empty
	// ("file:///path"), otherwise the host as written, brackets included, or "localhost".
	Host *string `json:"host"`
	// Local reports a local file URI by its syntax (sections 2 and 3): no file-auth, an
	// empty one, or "localhost" in any case. A host that names the local machine is not
	// recognised: that needs name resolution.
	Local bool `json:"local"`
	// Path is the path after the authority, as written; under file-URI-F it includes a
	// drive letter without "/" ("c:/path" of "file:c:/path").
	Path string `json:"path"`
	// Userinfo, DriveLetter and UNCHost are parts of Appendix F's rules only (E.1, E.2,
	// E.3.2), nil when absent: the userinfo before "@", the drive letter with its ":" or
	// "|", and the file-host of a UNC string in the path ("file:////host/share").
	Userinfo    *string `json:"userinfo,omitempty"`
	DriveLetter *string `json:"drive_letter,omitempty"`
	UNCHost     *string `json:"unc_host,omitempty"`
}
