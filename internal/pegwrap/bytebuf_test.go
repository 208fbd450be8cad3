package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestByteBuffer checks what byteBuffer writes (a byte buffer copied from the input,
// matchDot comparing positions, byte constants in tests, 256-byte class tables) and that it refuses a grammar
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
	// A class table: 256 bytes, the upper half zero, indexed by the byte itself.
	got = generate(t, "# pegwrap: entries top\n# pegwrap: tokens top\ntop <- ('x' / 'y' / [0-9])* !.\n")
	if strings.Contains(got, "c < 128") || !strings.Contains(got, "if c := buffer[pos]; class0[c] != 0 {") {
		t.Error("the class test does not index the table with the byte")
	}
	m := regexp.MustCompile(`(?m)^const class0 = (".*")$`).FindStringSubmatch(got)
	if m == nil {
		t.Fatal("no class0 table")
	}
	table, err := strconv.Unquote(m[1])
	if err != nil || len(table) != 256 || strings.Trim(table[128:], "\x00") != "" || table['x'] != 1 || table['5'] != 1 || table['z'] != 0 {
		t.Errorf("class0 is not the 256-byte table of x y 0-9: %q", table)
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

// TestByteTablesRefusesOtherShapes checks that byteTables stops on a class test or a
// table it would not rewrite: the two must change together.
func TestByteTablesRefusesOtherShapes(t *testing.T) {
	table := `"` + strings.Repeat(`\x00`, 128) + `"`
	for name, src := range map[string]string{
		"test":  "package x\n\nfunc f() {\n\tif c := uint32(buffer[pos]); c < 128 && class0[c] == 1 {\n\t}\n}\n\nconst class0 = " + table + "\n",
		"block": "package x\n\nconst (\n\tclass0 = " + table + "\n)\n",
	} {
		if _, err := byteTables([]byte(src)); err == nil {
			t.Errorf("%s: a shape byteTables does not rewrite was accepted", name)
		}
	}
	ok := "package x\n\nfunc f() {\n\tif c := uint32(buffer[pos]); c < 128 && class0[c] != 0 {\n\t}\n}\n\nconst class0 = " + table + "\n"
	if _, err := byteTables([]byte(ok)); err != nil {
		t.Errorf("the shape of classes.go was refused: %v", err)
	}
}
