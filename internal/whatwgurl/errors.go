package whatwgurl

import "fmt"

// ErrorType is one of the URL Standard's validation errors (section 1.1, "Writing"), by
// the name the standard gives it. The zero value is no error.
type ErrorType uint8

// The validation errors, in the order of the standard's table (section 1.1).
const (
	_ ErrorType = iota
	// IDNA (section 3.3).
	DomainToASCII
	// Host parsing (section 3.5).
	DomainPercentEncoded
	HostInvalidCodePoint
	IPv4EmptyPart
	IPv4TooFewParts
	IPv4TooManyParts
	IPv4NonNumericPart
	IPv4NonDecimalPart
	IPv4OutOfRangePart
	IPv6Unclosed
	IPv6InvalidCompression
	IPv6TooManyPieces
	IPv6MultipleCompression
	IPv6InvalidCodePoint
	IPv6TooFewPieces
	IPv6PieceLeadingZero
	IPv4InIPv6TooManyPieces
	IPv4InIPv6InvalidCodePoint
	IPv4InIPv6OutOfRangePart
	IPv4InIPv6TooFewParts
	// URL parsing (section 4.4).
	InvalidURLUnit
	SpecialSchemeMissingFollowingSolidus
	MissingSchemeNonRelativeURL
	InvalidReverseSolidus
	InvalidCredentials
	HostMissing
	PortOutOfRange
	PortInvalid
	FileInvalidWindowsDriveLetter
	FileInvalidWindowsDriveLetterHost
	numErrorTypes
)

// errorTypes holds each type's name and the standard's description of it (section 1.1).
var errorTypes = [numErrorTypes]struct{ name, description string }{
	DomainToASCII:                        {"domain-to-ASCII", "Unicode ToASCII records an error when CheckHyphens, UseSTD3ASCIIRules, and VerifyDnsLength are all set to true"},
	DomainPercentEncoded:                 {"domain-percent-encoded", "the input's host to be processed as a domain contains a percent-encoded byte"},
	HostInvalidCodePoint:                 {"host-invalid-code-point", "an opaque host (in a URL that is not special) contains a forbidden host code point"},
	IPv4EmptyPart:                        {"IPv4-empty-part", "an IPv4 address ends with a U+002E (.)"},
	IPv4TooFewParts:                      {"IPv4-too-few-parts", "an IPv4 address has fewer than 4 parts"},
	IPv4TooManyParts:                     {"IPv4-too-many-parts", "an IPv4 address has more than 4 parts"},
	IPv4NonNumericPart:                   {"IPv4-non-numeric-part", "an IPv4 address part is not numeric"},
	IPv4NonDecimalPart:                   {"IPv4-non-decimal-part", "the IPv4 address contains numbers expressed using hexadecimal or octal digits"},
	IPv4OutOfRangePart:                   {"IPv4-out-of-range-part", "an IPv4 address part exceeds 255"},
	IPv6Unclosed:                         {"IPv6-unclosed", "an IPv6 address is missing the closing U+005D (])"},
	IPv6InvalidCompression:               {"IPv6-invalid-compression", "an IPv6 address begins with improper compression"},
	IPv6TooManyPieces:                    {"IPv6-too-many-pieces", "an IPv6 address contains more than 8 pieces"},
	IPv6MultipleCompression:              {"IPv6-multiple-compression", "an IPv6 address is compressed in more than one spot"},
	IPv6InvalidCodePoint:                 {"IPv6-invalid-code-point", "an IPv6 address contains a code point that is neither an ASCII hex digit nor a U+003A (:), or it unexpectedly ends"},
	IPv6TooFewPieces:                     {"IPv6-too-few-pieces", "an uncompressed IPv6 address contains fewer than 8 pieces"},
	IPv6PieceLeadingZero:                 {"IPv6-piece-leading-zero", "an IPv6 address piece contains a leading U+0030 (0)"},
	IPv4InIPv6TooManyPieces:              {"IPv4-in-IPv6-too-many-pieces", "an IPv6 address with IPv4 address syntax: the IPv6 address has more than 6 pieces"},
	IPv4InIPv6InvalidCodePoint:           {"IPv4-in-IPv6-invalid-code-point", "an IPv6 address with IPv4 address syntax: an IPv4 part is empty or contains a non-ASCII digit, an IPv4 part contains a leading 0, or there are too many IPv4 parts"},
	IPv4InIPv6OutOfRangePart:             {"IPv4-in-IPv6-out-of-range-part", "an IPv6 address with IPv4 address syntax: an IPv4 part exceeds 255"},
	IPv4InIPv6TooFewParts:                {"IPv4-in-IPv6-too-few-parts", "an IPv6 address with IPv4 address syntax: an IPv4 address contains too few parts"},
	InvalidURLUnit:                       {"invalid-URL-unit", "a code point is found that is not a URL unit"},
	SpecialSchemeMissingFollowingSolidus: {"special-scheme-missing-following-solidus", `the input's scheme is not followed by "//"`},
	MissingSchemeNonRelativeURL:          {"missing-scheme-non-relative-URL", "the input is missing a scheme, because it does not begin with an ASCII alpha, and either no base URL was provided or the base URL cannot be used as a base URL because it has an opaque path"},
	InvalidReverseSolidus:                {"invalid-reverse-solidus", `the URL has a special scheme and it uses U+005C (\) instead of U+002F (/)`},
	InvalidCredentials:                   {"invalid-credentials", "the input includes credentials"},
	HostMissing:                          {"host-missing", "the input has a special scheme, but does not contain a host"},
	PortOutOfRange:                       {"port-out-of-range", "the input's port is too big"},
	PortInvalid:                          {"port-invalid", "the input's port is invalid"},
	FileInvalidWindowsDriveLetter:        {"file-invalid-Windows-drive-letter", `the input is a relative-URL string that starts with a Windows drive letter and the base URL's scheme is "file"`},
	FileInvalidWindowsDriveLetterHost:    {"file-invalid-Windows-drive-letter-host", "a file: URL's host is a Windows drive letter"},
}

// String returns the standard's name of t ("invalid-credentials"), or "" for the zero
// value.
func (t ErrorType) String() string {
	if t >= numErrorTypes {
		return fmt.Sprintf("ErrorType(%d)", uint8(t))
	}
	return errorTypes[t].name
}

// Description is the standard's description of t, from its table of validation errors.
func (t ErrorType) Description() string {
	if t >= numErrorTypes {
		return ""
	}
	return errorTypes[t].description
}

// A ValidationError is a validation error the parser met: its type, and the byte offset
// in the input (as given, before the parser strips spaces and removes tabs and
// newlines) of the code point it was reading when it met it. An error of the host
// parser that is not about one code point (domain-to-ASCII, the IPv4 parser's errors)
// is at the host's first byte.
type ValidationError struct {
	Type   ErrorType
	Offset int
}

func (v ValidationError) String() string { return fmt.Sprintf("%v at byte %d", v.Type, v.Offset) }

// Error is the parser's failure: the validation error on which the standard's parser
// returns failure, and every validation error it met up to it (Errors, in order, the
// failing one last). Use errors.As to read it from Parse's error.
type Error struct {
	Type   ErrorType // the validation error that made the parser fail
	Offset int       // the byte offset of Type's error in the input
	// Errors lists every validation error met, in the order met, the failing one last.
	Errors []ValidationError
}

func (e *Error) Error() string {
	return fmt.Sprintf("whatwgurl: %v at byte %d: %s", e.Type, e.Offset, e.Type.Description())
}

// Reason is the error without its offset: the failing validation error's name and
// description, a key under which failures group.
func (e *Error) Reason() string {
	return e.Type.String() + ": " + e.Type.Description()
}
