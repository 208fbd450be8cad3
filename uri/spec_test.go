package uri

import (
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLineage checks the relations against the documents' headers: RFC 2396 "Updates:
// 1808, 1738"; RFC 3986 "Updates: 1738", "Obsoletes: 2732, 2396, 1808"; RFC 6874
// "Updates: 3986", obsoleted by RFC 9844; the drafts became RFCs.
func TestLineage(t *testing.T) {
	for _, tc := range []struct {
		spec Spec
		want Lineage
	}{
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
		{URLSyntax05, Lineage{Document: "draft-fielding-url-syntax-05", Status: "Internet-Draft", Updates: []string{}, Obsoletes: []string{},
			UpdatedBy: []string{}, ObsoletedBy: []string{}, Became: "RFC 2396"}},
		{RFC2396bis01, Lineage{Document: "draft-fielding-uri-rfc2396bis-01", Status: "Internet-Draft", Updates: []string{}, Obsoletes: []string{},
			UpdatedBy: []string{}, ObsoletedBy: []string{}, Became: "RFC 3986"}},
	} {
		if diff := cmp.Diff(tc.want, tc.spec.Lineage()); diff != "" {
			t.Errorf("%v.Lineage() (-want +got):\n%s", tc.spec, diff)
		}
	}
	// The returned lists are copies: changing one does not change the table.
	l := RFC3986.Lineage()
	l.Obsoletes[0] = "changed"
	if RFC3986.Lineage().Obsoletes[0] != "RFC 2732" {
		t.Error("Lineage returns the table's own slice")
	}
}

// TestDateOrder: the Spec constants, and so Specs(), matrix, explain and -spec all, come
// in date order, and every spec has its metadata and its grammar file named after its ID
// (grammar/<id>.peg, which the command's specs lists).
func TestDateOrder(t *testing.T) {
	for s := Spec(1); s < numSpecs; s++ {
		in := specInfos[s]
		if in.id == "" || in.date == "" || in.name == "" || in.status == "" {
			t.Errorf("spec %d has incomplete metadata: %+v", s, in)
		}
		if _, err := os.Stat("../grammar/" + in.id + ".peg"); err != nil {
			t.Errorf("%v: %v", s, err)
		}
		if s > 1 && specInfos[s-1].date > in.date {
			t.Errorf("%v (%s) comes after %v (%s)", s, in.date, s-1, specInfos[s-1].date)
		}
	}
}
