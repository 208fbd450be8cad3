package uri

import (
	"strconv"
	"strings"

	geogrammar "github.com/urispec/urispec/gen/schemes/geo"

	"github.com/urispec/urispec/uri/scheme"
)

// The "geo" scheme of RFC 5870 (grammar/schemes/geo.peg), section 3.3: "geo:", two or
// three coordinates, and the optional "crs" and "u" parameters before any others.
//
// Under rfc3987 an IRI is checked as it is: section 3.5 allows ASCII characters only
// (future parameters "MUST require percent-encoding of non-ASCII values"), so a character
// outside ASCII is an error of the grammar at its offset.

func geoScheme() *schemeDesc {
	return &schemeDesc{
		name: "geo", document: "RFC 5870", section: "3.3",
		grammar: binding{
			newMachine: func() machine { return &geogrammar.Parser{} },
			ruleID:     geogrammar.RuleID,
			pegName:    geogrammar.RuleName,
			numRules:   geogrammar.NumRules,
			top:        "geo_URI",
			ruleName:   hyphenated,
			classes: []charClass{
				{"paramchar", alnum + "-_.!~*'()" + "[]:&+$" + "%"},
				{"alphanum", alnum},
				{"HEXDIG", digits + "ABCDEFabcdef"},
				{"DIGIT", digits},
			},
		},
		checks:      []schemeCheck{geoParameterOrder, geoWGS84Syntax, geoRange},
		checkTokens: []string{"pname", "coord_a", "coord_b", "crslabel"},
		parts:       geoParts,
		shortcut:    geoShortcut,
	}
}

// geoShortcut accepts s, a "geo" reference of ASCII characters that the generic grammar
// of rfc3986 or rfc3987 accepted (schemeDesc.shortcut), when, without its fragment, it
// is "geo:", two or three nums separated by ",", and optionally ";u=" and a pnum, with a
// WGS-84 latitude and longitude in range; and leaves the rest to the grammar. Why that
// is exact (grammar/schemes/geo.peg): num ("-"? DIGIT+ ("." DIGIT+)?) is the longest
// such text, so the coordinates are read as geoNum reads them; with no ";crs=", crsp
// is empty and uncp is ";u=" uval at the end, and no parameter follows. Without crsp
// the CRS is WGS-84, whose checks (geoWGS84Syntax, geoRange) are geoWholeDigits and
// geoInRange here; the order of parameters is not in question.
//
// TestSchemeShortcuts checks it against the grammar and the ABNF oracle.
func geoShortcut(s string) (shortVerdict, int) {
	rest := withoutFragment(s[len("geo:"):])
	var coord [3]string
	k := 0
	for ; k < 3; k++ {
		n := geoNum(rest)
		if n == 0 {
			return shortUndecided, 0
		}
		coord[k], rest = rest[:n], rest[n:]
		if k == 2 || rest == "" || rest[0] != ',' {
			break
		}
		rest = rest[1:]
	}
	if k == 0 {
		return shortUndecided, 0
	}
	if hasPrefixFold(rest, ";u=") {
		rest = rest[len(";u="):]
		if n := geoNum(rest); n == 0 || rest[0] == '-' || n != len(rest) {
			return shortUndecided, 0
		}
		rest = ""
	}
	if rest != "" || geoWholeDigits(coord[0]) > 2 || geoWholeDigits(coord[1]) > 3 ||
		!geoInRange(coord[0], 90) || !geoInRange(coord[1], 180) {
		return shortUndecided, 0
	}
	return shortAccept, 0
}

// geoNum returns the length of the num that begins s, 0 if none does.
func geoNum(s string) int {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	d := digitSet.prefix(s[i:])
	if d == 0 {
		return 0
	}
	i += d
	if i < len(s) && s[i] == '.' {
		if f := digitSet.prefix(s[i+1:]); f > 0 {
			i += 1 + f
		}
	}
	return i
}

var digitSet = newByteSet(digits)

// geoWholeDigits is the number of digits of num before its ".".
func geoWholeDigits(num string) int {
	whole, _, _ := strings.Cut(strings.TrimPrefix(num, "-"), ".")
	return len(whole)
}

// geoInRange reports whether num is within -limit and limit.
func geoInRange(num string, limit float64) bool {
	v, _ := strconv.ParseFloat(num, 64)
	return -limit <= v && v <= limit
}

// The rules of RFC 5870 that the grammar of section 3.3 does not state.
var (
	geoParameterOrder = schemeCheck{
		section: "RFC 5870 section 3.3",
		rule: `"crs" and "u" appear at most once each, before any other parameter, and "crs" first ` +
			`if both are used`,
		check: func(m *schemeMatch) (int, string, bool) {
			// The grammar reads a "crs" or "u" in its place as crsp or uncp; one among the
			// other parameters is misplaced or repeated.
			for _, sp := range m.all("pname") {
				name := m.text[sp[0]:sp[1]]
				if strings.EqualFold(name, "crs") || strings.EqualFold(name, "u") {
					return sp[0] - 1, `parameter "` + name + `" repeated or not before the other parameters`, false
				}
			}
			return 0, "", true
		},
	}
	geoWGS84Syntax = schemeCheck{
		section: "RFC 5870 section 3.3",
		rule: "in WGS-84, latitude = [ \"-\" ] 1*2DIGIT [ \".\" 1*DIGIT ] and " +
			"longitude = [ \"-\" ] 1*3DIGIT [ \".\" 1*DIGIT ]",
		check: func(m *schemeMatch) (int, string, bool) {
			if !geoIsWGS84(m) {
				return 0, "", true
			}
			for _, c := range []struct {
				rule, name string
				max        int
			}{{"coord_a", "latitude", 2}, {"coord_b", "longitude", 3}} {
				b, e, _ := m.span(c.rule)
				if geoWholeDigits(m.text[b:e]) > c.max {
					return b, "WGS-84 " + c.name + " has at most " + strconv.Itoa(c.max) + ` digits before "."`, false
				}
			}
			return 0, "", true
		},
	}
	geoRange = schemeCheck{
		section: "RFC 5870 section 3.4.2",
		rule: "'geo' URIs with longitude values outside the range of -180 to 180 decimal degrees or with " +
			"latitude values outside the range of -90 to 90 degrees MUST be considered invalid",
		check: func(m *schemeMatch) (int, string, bool) {
			if !geoIsWGS84(m) {
				return 0, "", true
			}
			for _, c := range []struct {
				rule, name, limit string
				max               float64
			}{{"coord_a", "latitude", "-90 to 90", 90}, {"coord_b", "longitude", "-180 to 180", 180}} {
				b, e, _ := m.span(c.rule)
				if !geoInRange(m.text[b:e], c.max) {
					return b, c.name + " " + m.text[b:e] + " is outside " + c.limit, false
				}
			}
			return 0, "", true
		},
	}
)

// geoIsWGS84 reports whether m uses the default CRS: no crsp, or the crslabel "wgs84".
func geoIsWGS84(m *schemeMatch) bool {
	crs := m.opt("crslabel")
	return crs == nil || strings.EqualFold(*crs, "wgs84")
}

func geoParts(m *schemeMatch, g scheme.Grammar) scheme.Parts {
	p := scheme.Geo{Grammar: g, CoordA: m.get("coord_a"), CoordB: m.get("coord_b"), CoordC: m.opt("coord_c"),
		CRS: m.opt("crslabel"), WGS84: geoIsWGS84(m), Uncertainty: m.opt("uval")}
	for _, s := range []*string{&p.CoordA, &p.CoordB, p.CoordC} {
		if s != nil {
			v, _ := strconv.ParseFloat(*s, 64) // num is a decimal number; its range is float64's
			if v == 0 {
				v = 0 // "-0" is "0" (3.3)
			}
			p.Coordinates = append(p.Coordinates, v)
		}
	}
	p.Parameters = pnameParameters(m)
	return p
}
