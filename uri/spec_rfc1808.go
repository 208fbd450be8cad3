package uri

import (
	"strings"

	"github.com/urispec/urispec/gen/rfc1808"
)

// RFC 1808 (grammar/rfc1808.peg) maps onto the JSON contract's keys as follows. Its
// BNF is ambiguous and its absoluteURL = scheme ":" *( uchar | reserved ) alternative
// names no parts, so the parts are those of its section 2.4 ("Parsing a URL"), which
// agree with the BNF's generic-RL and relativeURL wherever those derive the URL
// (uri/rfc1808_test.go checks it on generated strings):
//
//	scheme     2.4.2: before the first ":", when a run of scheme characters precedes it
//	authority  2.4.3: net_loc, after "//" up to the next "/" (it may hold "?" and ";")
//	userinfo, host, port
//	           undefined: RFC 1808 leaves the inside of net_loc to RFC 1738 section 3.1,
//	           and its own grammar does not split it (net_loc = *( pchar | ";" | "?" ))
//	path       what 2.4.4 and 2.4.1 leave: the path with the "/" that may precede it and
//	           with ";params", as RFC 2396 and RFC 3986 count a path (2.4.6 sets the "/"
//	           aside as a flag, and 2.4.5 takes params out; RFC 1808's own <path> is Path
//	           without both)
//	params     2.4.5: after the first ";" of the path (component Params, JSON "params")
//	query      2.4.4: after the first "?" that follows the net_loc
//	fragment   2.4.1: after the first "#"
//
// RFC 1808 counts an empty part as absent ("If the question mark is the last character
// ... the query information is empty"); the Reference still tells them apart by their
// delimiter, as the JSON contract asks.
var rfc1808Spec = specDesc{
	spec:  RFC1808,
	title: "Relative Uniform Resource Locators", date: "1995-06",
	document: "RFC 1808, section 2.2", name: "RFC 1808", status: "Standards Track",

	grammar: rfc1808Grammar,
	// 2.2: unreserved = alpha | digit | safe | extra.
	unreserved:     alnum + "$-_.+" + "!*'(),",
	removeDots:     removeDotSegmentsBuffer,
	family:         famRFC3986, // no security section of its own
	resolution:     resolvesRFC1808,
	wholeAuthority: true, // net_loc, section 2.1
}

// rfc1808Grammar binds gen/rfc1808: a function, called when the
// grammar is first compiled (grammar.go), so that initialising the package links no parser.
func rfc1808Grammar() binding {
	return binding{
		newMachine: func() machine { return &rfc1808.Parser{} },
		ruleID:     rfc1808.RuleID,
		pegName:    rfc1808.RuleName,
		numRules:   rfc1808.NumRules,
		top:        "URL",
		ruleName:   rfc1808RuleName,
		classes:    rfc1808Classes,
		roles:      map[string]role{},
		fixup:      split1808,
	}
}

// rfc1808RuleName spells the one hyphenated rule name of RFC 1808, generic-RL; the others
// (net_path, net_loc, ...) are printed with "_".
func rfc1808RuleName(name string) string {
	if name == "generic_RL" {
		return "generic-RL"
	}
	return name
}

// The classes of RFC 1808's character rules (2.2), largest first.
var rfc1808Classes = []charClass{
	{"pchar", alnum + "$-_.+" + "!*'()," + "%" + ":@&="},
	{"uchar", alnum + "$-_.+" + "!*'()," + "%"},
	{"unreserved", alnum + "$-_.+" + "!*'(),"},
	{"reserved", ";/?:@&="},
	{"extra", "!*'(),"},
	{"safe", "$-_.+"},
	{"alpha", alpha},
	{"hex", digits + "ABCDEFabcdef"},
	{"digit", digits},
}

// split1808 returns r with its parts set by the rules of RFC 1808 section 2.4, in their
// order, on the input (which the grammar has accepted); fill has just reset r: no rule
// of rfc1808 has a role, so every part but the path is undefined, and split1808 sets
// the path.
func split1808(r Reference) Reference {
	s := r.input
	set := func(c Component, begin, end int) { r.spans[c] = mkSpan(int32(begin), int32(end)) }
	end := len(s)
	// 2.4.1: the fragment is after the first "#".
	if i := strings.IndexByte(s, '#'); i >= 0 {
		set(Fragment, i+1, len(s))
		end = i
	}
	// 2.4.2: a ":" after the first character and before any character not allowed in a
	// scheme name ends the scheme.
	pos := 0
	if i := strings.IndexFunc(s[:end], func(c rune) bool { return !isSchemeChar(c) }); i > 0 && s[i] == ':' {
		set(Scheme, 0, i)
		pos = i + 1
	}
	// 2.4.3: after "//", up to the next "/", is the net_loc.
	if strings.HasPrefix(s[pos:end], "//") {
		n := strings.IndexByte(s[pos+2:end], '/')
		if n < 0 {
			n = end - pos - 2
		}
		set(Authority, pos+2, pos+2+n)
		pos += 2 + n
	}
	// 2.4.4: after the first "?" is the query.
	if i := strings.IndexByte(s[pos:end], '?'); i >= 0 {
		set(Query, pos+i+1, end)
		end = pos + i
	}
	// 2.4.5: after the first ";" are the params; 2.4.6: the rest is the path.
	if i := strings.IndexByte(s[pos:end], ';'); i >= 0 {
		set(Params, pos+i+1, end)
	}
	set(Path, pos, end)
	return r
}
