package hazard_test

import (
	"slices"
	"testing"

	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/hazard"
)

// TestFinderLikeFind: a Finder, which keeps what it read of the last host, finds what Find
// finds, for each line under every spec in turn (as check -spec all reads them) and
// for hosts that change from one reference to the next.
func TestFinderLikeFind(t *testing.T) {
	lines := []string{"http://127.0.0.1/", "http://localhost:8080/?next=http://127.1/",
		"http://[::ffff:127.0.0.1]/", "jar:http://169.254.169.254/a.jar!/b", "http://a@b@10.0.0.1/",
		"http://example.com/?u=//example.com/", "http://%31%32%37.0.0.1/", "//0x7f.1/", "http://127.0.0.1/"}
	lines = append(lines, testcorpus.Lines(t, "testdata/corpora/realworld-sample.txt")...)
	var f hazard.Finder
	internal := 0
	for _, line := range lines {
		for _, spec := range uri.Specs() {
			r, err := uri.Parse(spec, line)
			if err != nil {
				continue
			}
			got, want := f.Find(r), hazard.Find(r)
			if !slices.Equal(got, want) {
				t.Fatalf("%s %q: Finder found %v, Find %v", spec, line, got, want)
			}
			if slices.ContainsFunc(want, func(h hazard.Hazard) bool { return h.Code == hazard.InternalHost }) {
				internal++
			}
		}
	}
	if internal == 0 {
		t.Error("no internal host among the references: the hosts the Finder keeps were not compared")
	}
}
