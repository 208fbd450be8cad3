package uri

import (
	"fmt"
	"os"
	"reflect"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urispec/urispec/internal/testcorpus"
)

// TestLineage checks the relations against the documents' headers: RFC 2396 "Updates:
// 1808, 1738"; RFC 2732 "Updates: 2396"; RFC 3986 "Updates: 1738", "Obsoletes: 2732,
// 2396, 1808"; RFC 6874 "Updates: 3986", obsoleted by RFC 9844; RFC 1630 (Informational)
// and RFC 3987 name no relation, and no later header names them; the drafts became RFCs.
// The rows pin these specs' lineages; every spec, with a row or not, must also have a
// lineage that agrees with the others' (lineageProblems).
func TestLineage(t *testing.T) {
	for _, tc := range []struct {
		spec Spec
		want Lineage
	}{
		{URL1993, Lineage{Document: "IETF URL WG Internet-Draft of 1993", Status: "Internet-Draft", Updates: []string{}, Obsoletes: []string{},
			UpdatedBy: []string{}, ObsoletedBy: []string{}, Became: "RFC 1738"}},
		{RFC1630, Lineage{Document: "RFC 1630", Status: "Informational", Updates: []string{}, Obsoletes: []string{},
			UpdatedBy: []string{}, ObsoletedBy: []string{}}},
		{RFC2732, Lineage{Document: "RFC 2732", Status: "Standards Track", Updates: []string{"RFC 2396"}, Obsoletes: []string{},
			UpdatedBy: []string{}, ObsoletedBy: []string{"RFC 3986"}}},
		{RFC3987, Lineage{Document: "RFC 3987", Status: "Standards Track", Updates: []string{}, Obsoletes: []string{},
			UpdatedBy: []string{}, ObsoletedBy: []string{}}},
		{RFC1738, Lineage{Document: "RFC 1738", Status: "Standards Track", Updates: []string{}, Obsoletes: []string{},
			UpdatedBy: []string{"RFC 2396", "RFC 3986"}, ObsoletedBy: []string{}}},
		{RFC1808, Lineage{Document: "RFC 1808", Status: "Standards Track", Updates: []string{}, Obsoletes: []string{},
			UpdatedBy: []string{"RFC 2396"}, ObsoletedBy: []string{"RFC 3986"}}},
		{RFC2396, Lineage{Document: "RFC 2396", Status: "Standards Track", Updates: []string{"RFC 1808", "RFC 1738"}, Obsoletes: []string{},
			UpdatedBy: []string{"RFC 2732"}, ObsoletedBy: []string{"RFC 3986"}}},
		{RFC3986, Lineage{Document: "RFC 3986", Status: "Standards Track (STD 66)", Updates: []string{"RFC 1738"},
			Obsoletes: []string{"RFC 2732", "RFC 2396", "RFC 1808"}, UpdatedBy: []string{"RFC 6874"}, ObsoletedBy: []string{}}},
		{RFC6874, Lineage{Document: "RFC 6874", Status: "Standards Track", Updates: []string{"RFC 3986"}, Obsoletes: []string{},
			UpdatedBy: []string{}, ObsoletedBy: []string{"RFC 9844"}}},
		{WHATWG, Lineage{Document: "URL Standard", Status: "Living Standard", Updates: []string{}, Obsoletes: []string{},
			UpdatedBy: []string{}, ObsoletedBy: []string{}}},
		{URLSyntax05, Lineage{Document: "draft-fielding-url-syntax-05", Status: "Internet-Draft", Updates: []string{}, Obsoletes: []string{},
			UpdatedBy: []string{}, ObsoletedBy: []string{}, Became: "RFC 2396"}},
		{RFC2396bis01, Lineage{Document: "draft-fielding-uri-rfc2396bis-01", Status: "Internet-Draft", Updates: []string{}, Obsoletes: []string{},
			UpdatedBy: []string{}, ObsoletedBy: []string{}, Became: "RFC 3986"}},
	} {
		t.Run(tc.spec.String(), func(t *testing.T) {
			if diff := cmp.Diff(tc.want, tc.spec.Lineage()); diff != "" {
				t.Errorf("%v.Lineage() (-want +got):\n%s", tc.spec, diff)
			}
		})
	}
	for _, s := range Specs() {
		t.Run("agrees/"+s.String(), func(t *testing.T) {
			for _, p := range lineageProblems(s) {
				t.Error(p)
			}
		})
	}
	// The returned lists are copies: changing one does not change the table.
	l := RFC3986.Lineage()
	l.Obsoletes[0] = "changed"
	if RFC3986.Lineage().Obsoletes[0] != "RFC 2732" {
		t.Error("Lineage returns the table's own slice")
	}
}

// lineageProblems checks s's lineage against every other spec's: its Document is its
// descriptor's name, and each relation it states is stated the other way by the spec it
// names, when that document is a spec of the table (s updates X exactly when X is updated
// by s; the same for obsoletes), with no name twice.
func lineageProblems(s Spec) []string {
	var out []string
	l := s.Lineage()
	if l.Document != s.desc().name {
		out = append(out, fmt.Sprintf("%v: Document %q, descriptor's name %q", s, l.Document, s.desc().name))
	}
	byName := map[string]Lineage{}
	for _, o := range Specs() {
		byName[o.desc().name] = o.Lineage()
	}
	for _, rel := range []struct {
		name        string
		fwd         []string
		back        func(Lineage) []string
		inverseName string
	}{
		{"updates", l.Updates, func(o Lineage) []string { return o.UpdatedBy }, "updated by"},
		{"obsoletes", l.Obsoletes, func(o Lineage) []string { return o.ObsoletedBy }, "obsoleted by"},
		{"updated by", l.UpdatedBy, func(o Lineage) []string { return o.Updates }, "updates"},
		{"obsoleted by", l.ObsoletedBy, func(o Lineage) []string { return o.Obsoletes }, "obsoletes"},
	} {
		seen := map[string]bool{}
		for _, doc := range rel.fwd {
			if seen[doc] {
				out = append(out, fmt.Sprintf("%v %s %s twice", s, rel.name, doc))
			}
			seen[doc] = true
			if o, ok := byName[doc]; ok && !slices.Contains(rel.back(o), l.Document) {
				out = append(out, fmt.Sprintf("%v %s %s, but %s is not %s %s", s, rel.name, doc, doc, rel.inverseName, l.Document))
			}
		}
	}
	return out
}

// optionalParts are the fields of specDesc and of its binding that a spec may leave
// unset: relations it does not have, features it does not have, and binding parts that
// only some grammars need. Every other field must be set.
var optionalParts = map[string]bool{
	"updates": true, "obsoletes": true, "became": true, "obsoletedElsewhere": true,
	"rootlessDots": true, "iri": true, "wholeAuthority": true, "noFragment": true, "noRelativeForm": true, "schemeGrammars": true,
	"grammar.reportAs": true, "grammar.wide": true, "grammar.genericTop": true, "grammar.fixup": true,
	"grammar.entryFor": true, "grammar.check": true, "grammar.name": true,
}

// TestSpecTable: every Spec constant has a descriptor in specTable, in date order, under
// its own constant, with a unique ID, a resolver, every part set (optionalParts aside) and a family
// that exists; and the files named after its ID: its grammar (grammar/<id>.peg, which
// the command's specs lists), its ABNF oracle (grammar/<id>.abnf: TestOracle skips a spec
// without one) and its examples (testdata/examples/<id>.tsv).
func TestSpecTable(t *testing.T) {
	ids := map[string]Spec{}
	for s := Spec(1); s < numSpecs; s++ {
		t.Run(s.String(), func(t *testing.T) {
			d := specTable[s]
			if d == nil {
				t.Errorf("Spec %d has no descriptor in specTable", s)
				return
			}
			if d.spec != s {
				t.Errorf("specTable[%d] is the descriptor of %v", s, d.spec)
			}
			missing := unsetParts(reflect.ValueOf(*d), "")
			if d.grammar != nil {
				missing = append(missing, unsetParts(reflect.ValueOf(d.grammar()), "grammar.")...)
				s.grammar() // compiles it, which panics on a rule its parser lacks
			}
			if s.resolver() == nil {
				missing = append(missing, "resolver (Spec.resolver)")
			}
			if specIDs[s] == "" {
				missing = append(missing, "ID (specIDs)")
			}
			for _, missing := range missing {
				t.Errorf("%v: descriptor part %s is not set", s, missing)
			}
			if d.family >= numFamilies {
				t.Errorf("%v: family %d does not exist", s, d.family)
			}
			if o, dup := ids[s.String()]; dup {
				t.Errorf("%v and %v share the ID %q", o, s, s.String())
			}
			ids[s.String()] = s
			if s > 1 && specTable[s-1] != nil && specTable[s-1].date > d.date {
				t.Errorf("%v (%s) comes after %v (%s)", s, d.date, s-1, specTable[s-1].date)
			}
			for _, file := range []string{testcorpus.Path(t, "grammar/"+s.String()+".peg"), testcorpus.Path(t, "grammar/"+s.String()+".abnf"), testcorpus.Path(t, "testdata/examples/"+s.String()+".tsv")} {
				if _, err := os.Stat(file); err != nil {
					t.Errorf("%v: %v", s, err)
				}
			}
		})
	}
}

// unsetParts names the fields of v (a struct) that hold their zero value and are not
// optionalParts, descending into the binding; prefix names the struct.
func unsetParts(v reflect.Value, prefix string) []string {
	var out []string
	for i := range v.NumField() {
		name := prefix + v.Type().Field(i).Name
		f := v.Field(i)
		switch {
		case f.Kind() == reflect.Struct:
			out = append(out, unsetParts(f, name+".")...)
		case optionalParts[name]:
		case f.IsZero():
			out = append(out, name)
		}
	}
	return out
}
