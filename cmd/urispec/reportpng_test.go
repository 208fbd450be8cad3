package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"hash/crc32"
	"os"
	"testing"

	"github.com/urispec/urispec/internal/testcorpus"
)

// docs/report.png is a screenshot of matrix -html of the real-world corpus. A browser
// draws it (TestHTMLInBrowser -update), so its pixels cannot be compared from one
// machine to the next; what it shows can: the PNG carries the SHA-256 of the page it was
// taken of, and TestReportPNGCurrent fails when the command writes another page.

// pngPageKey is the keyword of the PNG text chunk that holds the page's hash.
const pngPageKey = "urispec-page-sha256"

func pageHash(page []byte) string {
	h := sha256.Sum256(page)
	return hex.EncodeToString(h[:])
}

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// withPNGText returns img with a tEXt chunk (PNG section 11.3.4.3) of key and text
// after its IHDR chunk.
func withPNGText(img []byte, key, text string) ([]byte, error) {
	const ihdrEnd = 8 + 4 + 4 + 13 + 4 // signature, then IHDR: length, type, data, CRC
	if !bytes.HasPrefix(img, pngSignature) || len(img) < ihdrEnd || string(img[12:16]) != "IHDR" {
		return nil, errors.New("not a PNG")
	}
	data := append([]byte(key+"\x00"), text...)
	chunk := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	chunk = append(chunk, "tEXt"...)
	chunk = append(chunk, data...)
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(chunk[4:]))
	out := append([]byte{}, img[:ihdrEnd]...)
	out = append(out, chunk...)
	return append(out, img[ihdrEnd:]...), nil
}

// pngText returns the text of the PNG's tEXt chunk of key, if any.
func pngText(img []byte, key string) (string, bool) {
	if !bytes.HasPrefix(img, pngSignature) {
		return "", false
	}
	for rest := img[8:]; len(rest) >= 12; {
		n := int(binary.BigEndian.Uint32(rest))
		if len(rest) < 12+n {
			break
		}
		if typ, data := string(rest[4:8]), rest[8:8+n]; typ == "tEXt" {
			if k, v, ok := bytes.Cut(data, []byte{0}); ok && string(k) == key {
				return string(v), true
			}
		}
		rest = rest[12+n:]
	}
	return "", false
}

func TestPNGText(t *testing.T) {
	img, err := os.ReadFile(testcorpus.Path(t, reportPNG))
	if err != nil {
		t.Fatal(err)
	}
	with, err := withPNGText(img, "k", "v")
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := pngText(with, "k"); !ok || v != "v" {
		t.Errorf("pngText = %q, %v; want v", v, ok)
	}
	if _, err := withPNGText([]byte("GIF89a"), "k", "v"); err == nil {
		t.Error("withPNGText of a GIF: no error")
	}
}

// TestReportPNGCurrent: docs/report.png was taken of the page matrix -html writes of the
// real-world corpus today.
func TestReportPNGCurrent(t *testing.T) {
	img, err := os.ReadFile(testcorpus.Path(t, reportPNG))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	gunzipCorpus(t, dir)
	t.Chdir(dir)
	want := pageHash(corpusPage(t))
	if got, ok := pngText(img, pngPageKey); got != want {
		t.Errorf("docs/report.png shows another page than matrix -html of the real-world corpus (its page hash %q, found %v; the page's %s): "+
			"take it again with go test ./cmd/urispec -run TestHTMLInBrowser -update (Chromium needed)", got, ok, want)
	}
}
