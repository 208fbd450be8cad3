package hazard

import (
	"fmt"
	"strings"

	"github.com/urispec/urispec/uri"
)

// A guard for server-side request forgery and open redirects: before an application
// lets one component check a URL and another fetch it, it asks whether the parsers that
// will see the string read the same target. The OWASP SSRF prevention cheat sheet says to
// treat a disagreement between parsers as a rejection: "http://example.com\\@evil.com" is
// example.com to the WHATWG parser (a "\\" is a "/" in special schemes) and evil.com to a
// reader that takes the text up to the last "@" for a userinfo. The guard need not know
// which reading is right, only that they differ.

// Agreement is what the readers an application deploys make of one string: whether they
// all send a request for it to the same place, and if not, which reads what.
type Agreement struct {
	Input string
	// Agree is true when every reader accepts the string and all read the same scheme,
	// userinfo, host and port, compared for meaning as Differentials compares them
	// (host case, escapes and IP address forms, a default port).
	Agree bool
	// Readings are the readings of the readers that accept the string, in the order
	// they were given; Rejections, the readers that reject it, with their errors.
	Readings   []Reading
	Rejections []Rejection
	// Differences lists each part (scheme, userinfo, host, port) on which the readers
	// that accept the string differ, with what each reads; empty when they agree.
	Differences []Difference
}

// Rejection is a reader that rejects the string, and its error.
type Rejection struct {
	Reader string
	Err    error
}

// String is the reader's name and its error, the name once ("rfc3986: invalid
// character ..."; "net/url: parse ...").
func (r Rejection) String() string {
	msg := r.Err.Error()
	if !strings.HasPrefix(msg, r.Reader+":") {
		msg = r.Reader + ": " + msg
	}
	return msg
}

// Difference is one part of the target on which the readers differ.
type Difference struct {
	// Part is "scheme", "userinfo", "host" or "port".
	Part string
	// Values are the distinct readings of the part, in the order of the readers that
	// first read each.
	Values []PartValue
}

// PartValue is one reading of a part and the readers that read it so.
type PartValue struct {
	// Value is the part as the first of Readers reads it; Defined is false where it
	// reads none (no userinfo, no host, the scheme's default port).
	Value   string
	Defined bool
	Readers []string
}

// String writes the difference on one line: `host: "evil.example" (whatwg); "good.example"
// (rfc3986, net/url)`.
func (d Difference) String() string {
	var parts []string
	for _, v := range d.Values {
		val := "none"
		if v.Defined {
			val = fmt.Sprintf("%q", v.Value)
		}
		parts = append(parts, fmt.Sprintf("%s (%s)", val, strings.Join(v.Readers, ", ")))
	}
	return d.Part + ": " + strings.Join(parts, "; ")
}

// GuardError is the error of Guard for a string that no reader accepts: there is no
// target to agree on.
type GuardError struct {
	Input      string
	Rejections []Rejection
}

func (e *GuardError) Error() string {
	var why []string
	for _, r := range e.Rejections {
		why = append(why, r.String())
	}
	return fmt.Sprintf("uri: no reader accepts %q (%s)", e.Input, strings.Join(why, "; "))
}

// GuardReaders are the readers Guard uses when it is given none: the parsers that are
// deployed, RFC 3986, RFC 2396, Go's net/url and the WHATWG URL parser.
func GuardReaders() []Reader {
	return []Reader{SpecReader(uri.RFC3986), SpecReader(uri.RFC2396), NetURLReader(), WHATWGReader()}
}

// Guard reads s with each reader (GuardReaders when there are none) and says whether they
// all accept it and read the same scheme, userinfo, host and port: the answer an SSRF or
// open-redirect check needs before it lets one parser check a URL that another fetches.
// A reader that rejects the string while another accepts it is a disagreement too: the
// two do not see the same request. The error is a *GuardError when no reader accepts
// the string. Guard takes time linear in the length of s for each reader.
func Guard(s string, readers ...Reader) (Agreement, error) {
	return guard(s, func(r Reader) (Reading, error) { return r.Read(s) }, readers)
}

// GuardRelative is Guard for a reference found in a document at base (a Location
// header, a link): each RelativeReader reads it against base, as a client resolving it
// would (an absolute s ignores the base); a reader that is no RelativeReader reads s
// alone.
func GuardRelative(base, s string, readers ...Reader) (Agreement, error) {
	return guard(s, func(r Reader) (Reading, error) {
		if rr, ok := r.(RelativeReader); ok {
			return rr.ReadRelative(base, s)
		}
		return r.Read(s)
	}, readers)
}

func guard(s string, read func(Reader) (Reading, error), readers []Reader) (Agreement, error) {
	if len(readers) == 0 {
		readers = GuardReaders()
	}
	a := Agreement{Input: s}
	for _, r := range readers {
		rd, err := read(r)
		if err != nil {
			a.Rejections = append(a.Rejections, Rejection{r.Name(), err})
			continue
		}
		rd.Parser = r.Name()
		a.Readings = append(a.Readings, rd)
	}
	if len(a.Readings) == 0 {
		return a, &GuardError{Input: s, Rejections: a.Rejections}
	}
	for _, part := range targetParts {
		if d, ok := differ(part, a.Readings); ok {
			a.Differences = append(a.Differences, d)
		}
	}
	a.Agree = len(a.Rejections) == 0 && len(a.Differences) == 0
	return a, nil
}

// targetPart is one part of where a request goes: its name, how a reading reads it
// (as read, and whether it is defined) and how it compares.
type targetPart struct {
	name  string
	value func(rd Reading) (string, bool)
	canon func(scheme string, rd Reading) string
}

var targetParts = []targetPart{
	{"scheme", func(rd Reading) (string, bool) { return rd.Scheme, rd.Scheme != "" },
		func(_ string, rd Reading) string { return strings.ToLower(rd.Scheme) }},
	{"userinfo", func(rd Reading) (string, bool) { return rd.Userinfo, rd.HasUserinfo && rd.Userinfo != "" },
		func(_ string, rd Reading) string { return canonUserinfo(rd) }},
	{"host", func(rd Reading) (string, bool) { return rd.Host, rd.HasHost },
		canonHost},
	{"port", func(rd Reading) (string, bool) { return rd.Port, rd.HasPort && rd.Port != "" },
		canonPort},
}

// differ groups the readings by their reading of part, and reports a Difference when
// there is more than one group.
func differ(part targetPart, readings []Reading) (Difference, bool) {
	d := Difference{Part: part.name}
	var keys []string
	for _, rd := range readings {
		scheme := strings.ToLower(rd.Scheme)
		k := part.canon(scheme, rd)
		i := 0
		for i < len(keys) && keys[i] != k {
			i++
		}
		if i == len(keys) {
			keys = append(keys, k)
			v, def := part.value(rd)
			d.Values = append(d.Values, PartValue{Value: v, Defined: def})
		}
		d.Values[i].Readers = append(d.Values[i].Readers, rd.Parser)
	}
	return d, len(d.Values) > 1
}
