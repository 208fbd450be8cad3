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
	}
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
				whole, _, _ := strings.Cut(strings.TrimPrefix(m.text[b:e], "-"), ".")
				if len(whole) > c.max {
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
				v, _ := strconv.ParseFloat(m.text[b:e], 64)
				if v < -c.max || v > c.max {
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
