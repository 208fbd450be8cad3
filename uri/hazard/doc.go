// Package hazard reports what in a URI reference is dangerous to pass on, and where the
// parsers that an application deploys read one string as different targets.
//
// Find returns the hazards of a valid uri.Reference itself: each Hazard has a Code (Codes
// lists them) and cites its section (Code.Section), from the security considerations
// of the reference's own spec where it has them, else RFC 3986's, RFC 3987's and the
// documents of the schemes. They are read from the components as the reference's spec
// splits them, so one string can have different hazards under different specs.
//
// A Reader reads a string as some parser does, into a Reading (ReadingOf is a
// reference's own); a RelativeReader also reads a reference against a base. SpecReader
// reads as a spec's grammar does, NetURLReader as Go's net/url, and WHATWGReader as the
// WHATWG URL Standard's parser, a browser's reading (a relative string read without a
// base is ErrRelative). Differentials compares a reference with the readings of other
// readers (DefaultReaders: the deployed ones) and reports each part they read
// otherwise; Lenient reports what lenient parsers make of a string that a spec rejects
// (a *uri.Error), where their reading misleads.
//
// Guard and GuardRelative are the check an SSRF or open-redirect defence needs before
// one parser checks a URL that another fetches: whether the readers (GuardReaders by
// default) all accept a string and read the same scheme, userinfo, host and port. The
// Agreement lists the Readings, each Rejection, and each Difference with the PartValue
// of each reader; a string that no reader accepts gives a *GuardError.
package hazard
