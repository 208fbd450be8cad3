package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/subtest"
	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/uri/hazard"
)

// The payload tables of docs/hazards.md ("On public payload lists") are written by
// TestPayloadTables from lint -json's output on testdata/payloads/*.txt:
//
//	go test ./cmd/urispec -run TestPayloadTables -update
//
// and the test fails when the tables in the doc differ from what it computes, or when a
// payload that lint leaves unflagged falls in no class that the doc names as no hazard of
// the string itself (payloadClasses).

// payloadLists are the lists, in the order of the tables, with their source.
var payloadLists = []struct{ file, source string }{
	{"open-redirect.txt", "PayloadsAllTheThings, Open Redirect, Intruder list"},
	{"open-redirect-readme.txt", "PayloadsAllTheThings, Open Redirect, README"},
	{"open-redirect-paths.txt", "PayloadsAllTheThings, Open Redirect, Intruder path lists"},
	{"ssrf.txt", "PayloadsAllTheThings, SSRF, README and cloud instances"},
	{"ssrf-advanced.txt", "PayloadsAllTheThings, SSRF, advanced exploitation"},
}

// payloadClasses are the classes of unflagged payloads, each no hazard of the string
// itself, in the order of the table.
var payloadClasses = []struct{ key, what string }{
	{"outside", "an ordinary URL of an outside host, which every parser that reads it reads alike: whether that host may be fetched or redirected to is the application's question, not the string's"},
	{"dns", "a name whose danger lives in DNS: a wildcard or rebinding service, or a name that resolves to an internal address (testdata/payloads/dns-names.tsv)"},
	{"path", "a path or query on the page's own host (read against the base `https://example.invalid/`): the reference names no other target"},
	{"unread", "no client's parser reads it: net/url and the WHATWG parser reject it, so it sends no request anywhere (RFC 3986 rejects it too, or reads a host no client reads: `%5cgoogle.com`)"},
}

// payloadBase is the base lint reads relative references against (its default).
const payloadBase = relativeBase

// payloadLine is one line of a list as lint sees it.
type payloadLine struct {
	input   string
	flagged bool
	valid   bool // under rfc3986, when flagged
	notes   bool // flagged by notes only (Hazard.Note): lint without -json does not print it
	codes   map[string]bool
	class   string // of an unflagged line
}

// readPayloads lints each list and classifies its unflagged lines.
func readPayloads(t *testing.T, dir string, dns []string) map[string][]payloadLine {
	out := map[string][]payloadLine{}
	for _, l := range payloadLists {
		path := filepath.Join(dir, l.file)
		var stdout, stderr bytes.Buffer
		if status := run([]string{"lint", "-json", path}, strings.NewReader(""), &stdout, &stderr); status > exitInvalid {
			t.Fatalf("lint %s: exit %d: %s", path, status, stderr.String())
		}
		flagged := map[int]lintResult{}
		dec := json.NewDecoder(&stdout)
		for dec.More() {
			var r lintResult
			if err := dec.Decode(&r); err != nil {
				t.Fatal(err)
			}
			flagged[r.Line] = r
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			if sc.Text() == "" {
				continue
			}
			pl := payloadLine{input: sc.Text(), codes: map[string]bool{}}
			if r, ok := flagged[n]; ok {
				pl.flagged, pl.valid, pl.notes = true, r.Valid, true
				for _, h := range r.Hazards {
					pl.codes[string(h.Code)] = true
					pl.notes = pl.notes && h.Note
				}
			} else {
				pl.class = classifyPayload(pl.input, dns)
			}
			out[l.file] = append(out[l.file], pl)
		}
		f.Close()
	}
	return out
}

// classifyPayload puts a payload that lint leaves unflagged in one of payloadClasses, or
// "" when none fits.
func classifyPayload(s string, dns []string) string {
	a, err := hazard.GuardRelative(payloadBase, s, hazard.NetURLReader(), hazard.WHATWGReader())
	if err != nil {
		return "unread"
	}
	host := ""
	for _, rd := range a.Readings {
		if rd.HasHost && rd.Host != "" {
			host = strings.ToLower(rd.Host)
			break
		}
	}
	switch {
	case host == "" || host == "example.invalid":
		return "path"
	case slices.ContainsFunc(dns, func(name string) bool { return host == name || strings.HasSuffix(host, "."+name) }):
		return "dns"
	}
	// An outside host: every reader that reads it reads the same host.
	for _, d := range a.Differences {
		if d.Part == "host" {
			return ""
		}
	}
	return "outside"
}

// readDNSNames reads testdata/payloads/dns-names.tsv.
func readDNSNames(t *testing.T, dir string) []string {
	data, err := os.ReadFile(filepath.Join(dir, "dns-names.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if strings.HasPrefix(line, "#") || strings.HasPrefix(line, "name\t") {
			continue
		}
		name, note, ok := strings.Cut(line, "\t")
		if !ok || name == "" || note == "" {
			t.Fatalf("dns-names.tsv line %d: want a name and a note", i+1)
		}
		names = append(names, name)
	}
	return names
}

// payloadTables writes the tables in Markdown.
func payloadTables(lists map[string][]payloadLine) string {
	var b strings.Builder
	pct := func(n, of int) string { return fmt.Sprintf("%.0f%%", 100*float64(n)/float64(of)) }
	b.WriteString("| list | source | lines | flagged | valid, flagged | rejected, flagged for what is read | flagged by notes only | unflagged |\n")
	b.WriteString("|---|---|---:|---:|---:|---:|---:|---:|\n")
	unique := map[string]payloadLine{}
	classCount := map[string]map[string]int{}
	examples := map[string][]string{}
	codeCount := map[string]map[string]int{}
	for _, l := range payloadLists {
		var flagged, valid, rejected, notes int
		for _, pl := range lists[l.file] {
			unique[pl.input] = pl
			if pl.notes {
				notes++
			}
			switch {
			case pl.flagged && pl.valid:
				flagged++
				valid++
			case pl.flagged:
				flagged++
				rejected++
			default:
				if classCount[pl.class] == nil {
					classCount[pl.class] = map[string]int{}
				}
				classCount[pl.class][l.file]++
				if len(examples[pl.class]) < 4 && !slices.Contains(examples[pl.class], pl.input) {
					examples[pl.class] = append(examples[pl.class], pl.input)
				}
			}
			for c := range pl.codes {
				if codeCount[c] == nil {
					codeCount[c] = map[string]int{}
				}
				codeCount[c][l.file]++
			}
		}
		n := len(lists[l.file])
		fmt.Fprintf(&b, "| `%s` | %s | %d | %d (%s) | %d | %d | %d | %d |\n", l.file, l.source, n, flagged, pct(flagged, n), valid, rejected, notes, n-flagged)
	}
	var uf, uv, ur, un int
	for _, pl := range unique {
		if pl.notes {
			un++
		}
		if pl.flagged {
			uf++
			if pl.valid {
				uv++
			} else {
				ur++
			}
		}
	}
	// The totals to a tenth of a percent: a target of 80% is not met by rounding 79.6.
	pct1 := func(n, of int) string { return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(of)) }
	fmt.Fprintf(&b, "| all, each payload once | | %d | %d (%s) | %d | %d | %d | %d |\n", len(unique), uf, pct1(uf, len(unique)), uv, ur, un, len(unique)-uf)
	fmt.Fprintf(&b, "\nPrinted by lint without -json, which leaves out the references flagged by notes only: %d of %d (%s).\n", uf-un, len(unique), pct1(uf-un, len(unique)))

	b.WriteString("\nThe lines flagged by each code (a line counts once for each code it raises):\n\n")
	listHeader(&b, "code", "")
	var codes []string
	for c := range codeCount {
		codes = append(codes, c)
	}
	order := map[string]int{}
	for i, c := range hazard.Codes() {
		order[string(c)] = i
	}
	sort.Slice(codes, func(i, j int) bool { return order[codes[i]] < order[codes[j]] })
	for _, c := range codes {
		fmt.Fprintf(&b, "| `%s` |", c)
		for _, l := range payloadLists {
			fmt.Fprintf(&b, " %d |", codeCount[c][l.file])
		}
		b.WriteString("\n")
	}

	b.WriteString("\nThe lines left unflagged, by class: each is no hazard of the string itself.\n\n")
	listHeader(&b, "class", "examples")
	for _, c := range payloadClasses {
		fmt.Fprintf(&b, "| %s |", c.what)
		for _, l := range payloadLists {
			fmt.Fprintf(&b, " %d |", classCount[c.key][l.file])
		}
		var ex []string
		for _, e := range examples[c.key] {
			ex = append(ex, "`"+strings.ReplaceAll(e, "|", `\|`)+"`")
		}
		fmt.Fprintf(&b, " %s |\n", strings.Join(ex, ", "))
	}
	return b.String()
}

// listHeader writes the head of a table with a column per list, between first and, if
// not empty, last.
func listHeader(b *strings.Builder, first, last string) {
	b.WriteString("| " + first + " |")
	for _, l := range payloadLists {
		fmt.Fprintf(b, " `%s` |", strings.TrimSuffix(l.file, ".txt"))
	}
	if last != "" {
		b.WriteString(" " + last + " |")
	}
	b.WriteString("\n|---|")
	for range payloadLists {
		b.WriteString("---:|")
	}
	if last != "" {
		b.WriteString("---|")
	}
	b.WriteString("\n")
}

const (
	payloadStart = "<!-- payload tables: go test ./cmd/urispec -run TestPayloadTables -update -->\n"
	payloadEnd   = "<!-- end of the payload tables -->\n"
)

// TestPayloadTables computes the payload tables and compares them with docs/hazards.md
// (rewrites them there with -update); every unflagged payload must fall in a class.
func TestPayloadTables(t *testing.T) {
	root := testcorpus.Root(t)
	dir := filepath.Join(root, "testdata", "payloads")
	lists := readPayloads(t, dir, readDNSNames(t, dir))
	for file, lines := range lists {
		t.Run(subtest.Name(file), func(t *testing.T) {
			for _, pl := range lines {
				if !pl.flagged && pl.class == "" {
					t.Errorf("%s: %q is not flagged and falls in no class of no hazard", file, pl.input)
				}
			}
		})
	}
	tables := payloadTables(lists)
	docPath := filepath.Join(root, "docs", "hazards.md")
	data, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	i, j := strings.Index(doc, payloadStart), strings.Index(doc, payloadEnd)
	if i < 0 || j < i {
		t.Fatalf("docs/hazards.md has no payload tables between %q and %q", payloadStart, payloadEnd)
	}
	want := payloadStart + "\n" + tables + "\n" + payloadEnd
	if doc[i:j+len(payloadEnd)] == want {
		return
	}
	if *update {
		if err := os.WriteFile(docPath, []byte(doc[:i]+want+doc[j+len(payloadEnd):]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("docs/hazards.md's payload tables are stale: run go test ./cmd/urispec -run TestPayloadTables -update\n%s", tables)
}
