package api

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urispec/urispec/uri"
)

func TestMappings(t *testing.T) {
	got := mappings("http://ⓖo\u00ADⅼe。com/é\u3002ｘ")
	want := []Mapping{
		{Offset: 7, CodePoint: "U+24D6", MapsTo: "g"},
		{Offset: 11, CodePoint: "U+00AD", MapsTo: ""},
		{Offset: 13, CodePoint: "U+217C", MapsTo: "l"},
		{Offset: 17, CodePoint: "U+3002", MapsTo: "."},
		{Offset: 26, CodePoint: "U+3002", MapsTo: "."},
		{Offset: 29, CodePoint: "U+FF58", MapsTo: "x"},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("mappings (-want +got):\n%s", d)
	}
}

func TestAnalyze(t *testing.T) {
	a := Analyze(Request{Input: "http://a b/", Open: "rfc3986", VerdictsOnly: true})
	if !a.VerdictsOnly || len(a.Specs) != len(uri.Specs()) || a.Formats != nil || a.UTS46 != nil {
		t.Fatalf("verdicts only: %+v", a)
	}
	for _, s := range a.Specs {
		if s.Components != nil || s.Hazards != nil || s.Resolved != nil || s.Valid == (s.Error != nil) {
			t.Errorf("%s: %+v, want the verdict alone", s.Spec, s)
		}
		if s.Error != nil && (len(s.Error.Expected) > 0) != (s.Spec == "rfc3986") {
			t.Errorf("%s: expected %q: found for the opened spec alone", s.Spec, s.Error.Expected)
		}
	}
	a = Analyze(Request{Input: "https://ⓖ.example/", Ladder: "rfc3986"})
	if a.VerdictsOnly || len(a.Formats) != len(uri.FormatNames()) || len(a.Ladder) == 0 || a.WHATWG == nil ||
		len(a.UTS46) != 1 || a.Specs[len(a.Specs)-1].Components == nil {
		t.Errorf("the whole view: %+v", a)
	}
}
