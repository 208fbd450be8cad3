package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestByteBuffer checks what byteBuffer writes (a byte buffer copied from the input,
// matchDot comparing positions, byte constants in tests) and that it refuses a grammar
// with a test that accepts the filler byte: the end of input would then be consumed.
func TestByteBuffer(t *testing.T) {
	got := generate(t, "# pegwrap: entries top\n# pegwrap: tokens top\ntop <- 'a' . [b-d] !.\n")
	for _, s := range []string{"buffer []byte", "copy(b, s)", "if int(p.position) < p.end {",
		"buffer[pos] != 'a'", "c < 'b' || c > 'd'"} {
		if !strings.Contains(got, s) {
			t.Errorf("output lacks %q", s)
		}
	}
	if strings.Contains(got, "rune('") || strings.Contains(got, "endSymbol {") {
		t.Error("output still reads runes")
	}
	dir := t.TempDir()
	grammar := filepath.Join(dir, "nul.peg")
	if err := os.WriteFile(grammar, []byte("# pegwrap: entries top\n# pegwrap: tokens top\ntop <- 'a' '\\0' !.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(grammar, "nul", filepath.Join(dir, "out.go")); err == nil || !strings.Contains(err.Error(), "filler") {
		t.Errorf("a test that accepts byte 0 was not refused: %v", err)
	}
}
