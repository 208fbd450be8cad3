package uri

import "errors"

// CheckURITemplate reports whether s is an RFC 6570 URI-Template.
func CheckURITemplate(s string) error { return errors.New("uri: uri-template: not yet implemented") }
