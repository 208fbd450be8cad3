package hazard

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/urispec/urispec/internal/pct"
	"github.com/urispec/urispec/uri"
)

// Lenient reports how the given readers that are not spec grammars (Go's net/url, the
// WHATWG parser: the lenient parsers that someone deploys) read a string that e's spec
// rejects, and the hazards of what they read. A check that rejects the string and a
// client that reads it anyway part there: the client sends a request where its reading
// says.
//
// A reading is reported, as a LenientReading hazard at the byte where the spec stopped
// (e.Offset), when it may mislead:
//   - the spec stops at a byte that lenient parsers take for a delimiter or drop (see
//     confusingAt): the backslash of "http://evil.example\@good.example/", the second
//     "@" of "http://user@good.example@evil.example/";
//   - the readers read different hosts ("http://127。0。0。1/": the WHATWG parser maps the
//     ideographic full stops, net/url keeps them);
//   - the spec's generic syntax accepts the string, which only its scheme's grammar
//     rejects, and reads another host there ("http:///attacker.com", an empty host, or
//     "http:/evil.example/", none, where a browser reads the host after the slashes);
//   - what was read has hazards of its own (readingFindings: an internal or metadata
//     target, a script scheme or active data: URL, a bad port, a control character in
//     the path), each of which is reported too, with its own code, at the same byte.
//
// Readers of one reading share a hazard; nil when every reader rejects the string, and
// when no reading misleads: a lenient parser also reads "http://bücher.example/" or
// "http://h/%s", and reads them as anyone would.
func Lenient(e *uri.Error, readers ...Reader) []Hazard {
	type group struct {
		names    []string
		reading  string
		host     bool // the reading has a host, not empty
		findings []finding
	}
	var (
		groups   []group
		readings []Reading
	)
	for _, rd := range readers {
		if s, err := uri.ParseSpec(rd.Name()); err == nil && s != uri.WHATWG {
			// A grammar: its verdict is matrix's business, not a lenient reading. The
			// name "whatwg" is the WHATWG URL parser's (see SpecReader).
			continue
		}
		other, err := rd.Read(e.Input)
		if err != nil {
			continue
		}
		if other.Parser == "" {
			other.Parser = rd.Name()
		}
		readings = append(readings, other)
		reading := describeReading(other)
		name := readerLabel(rd.Name(), e.Spec)
		found := false
		for i := range groups {
			if groups[i].reading == reading {
				groups[i].names = append(groups[i].names, name)
				found = true
			}
		}
		if !found {
			// A file: URL with an empty host names a local file: it goes somewhere.
			local := other.HasHost && strings.EqualFold(other.Scheme, "file")
			groups = append(groups, group{[]string{name}, reading, other.HasHost && other.Host != "" || local, readingFindings(other)})
		}
	}
	var decoded []Hazard
	if scheme, how, ok := decodedScript(e.Input); ok {
		decoded = append(decoded, Hazard{Code: ScriptScheme, Section: ScriptScheme.Section(e.Spec), Offset: 0, Length: len(e.Input),
			Message: fmt.Sprintf("%s and read by the URL parser, which removes TAB, LF and CR, it is a %s: URL, which runs its text as script in the page that follows it (cross-site scripting)", how, scheme)})
	}
	if len(groups) == 0 {
		return decoded
	}
	generic, why := genericDiffers(e, readings)
	if !generic {
		why = hostMisleads(e, readings)
	}
	misleads := confusingAt(e.Input, e.Offset) || why != ""
	for _, g := range groups {
		misleads = misleads || len(g.findings) > 0
	}
	if !misleads {
		return decoded
	}
	at, length := "the end of the input", 0
	if e.Offset < len(e.Input) {
		_, length = utf8.DecodeRuneInString(e.Input[e.Offset:])
		at = fmt.Sprintf("%q", e.Input[e.Offset:e.Offset+length])
	}
	out := decoded
	for _, g := range groups {
		if !g.host && len(g.findings) == 0 {
			continue // no host, and nothing else it reads sends a request anywhere
		}
		out = append(out, Hazard{Code: LenientReading, Section: LenientReading.Section(e.Spec),
			Offset: e.Offset, Length: length,
			Message: fmt.Sprintf("%s rejects it at byte %d (%s in %s), but %s %s it and %s %s%s", e.Spec, e.Offset, at, e.Rule, andList(g.names), verbAccept(len(g.names)), verb(len(g.names)), g.reading, why)})
	}
	// The findings of every reading, once per code and message, naming its readers.
	type keyed struct {
		f     finding
		names []string
	}
	var fs []keyed
	for _, g := range groups {
		for _, f := range g.findings {
			i := 0
			for i < len(fs) && (fs[i].f.code != f.code || fs[i].f.msg != f.msg) {
				i++
			}
			if i == len(fs) {
				fs = append(fs, keyed{f: f})
			}
			fs[i].names = append(fs[i].names, g.names...)
		}
	}
	for _, k := range fs {
		out = append(out, Hazard{Code: k.f.code, Section: k.f.section, Offset: e.Offset, Length: length,
			Message: fmt.Sprintf("as %s %s it: %s", andList(k.names), verb(len(k.names)), k.f.msg)})
	}
	return out
}

// genericDiffers reports whether e's spec rejected the string by its scheme's grammar
// (or a rule its RFC adds in prose) while its generic syntax accepts it and reads
// another host than some reading does; why says so, for the message.
func genericDiffers(e *uri.Error, readings []Reading) (bool, string) {
	if e.Scheme == "" {
		return false, ""
	}
	g, err := parsePlain(e.Spec, e.Input)
	if err != nil {
		return false, ""
	}
	mine := ReadingOf(g)
	scheme := strings.ToLower(mine.Scheme)
	for _, rd := range readings {
		if rd.HasHost && canonHost(scheme, rd) != canonHost(scheme, mine) {
			return true, fmt.Sprintf("; %s's generic syntax, which accepts it, reads %s", e.Spec, describeHost(mine))
		}
	}
	return false, ""
}

// hostMisleads says how the hosts the readings read mislead, for the message, or "":
// the readers read different hosts; the part of the string that the spec accepts, up to
// where it stopped, names another host than a reader reads (not one that the reader's
// host begins with: "http://b" of "http://bücher.example"); or a reader that normalizes
// reads a host that the string does not hold as written (UTS #46 maps "ⓖⓞⓞⓖⓛⓔ.com" to
// "google.com", the IPv4 parser reads "0x7f.1" as "127.0.0.1"; IPv6 literals, which it
// only compresses, aside).
func hostMisleads(e *uri.Error, readings []Reading) string {
	if hosts := distinctHosts(readings); len(hosts) > 1 {
		return "; the readers do not read the same host"
	}
	var prefix *Reading
	if e.Offset > 0 {
		if p, err := parsePlain(e.Spec, e.Input[:e.Offset]); err == nil && p.Has(uri.Host) {
			rd := ReadingOf(p)
			prefix = &rd
		}
	}
	written := strings.ToLower(pct.DecodeString(e.Input))
	for _, rd := range readings {
		if !rd.HasHost || rd.Host == "" {
			continue
		}
		scheme := strings.ToLower(rd.Scheme)
		if prefix != nil && !strings.HasPrefix(canonHost(scheme, rd), canonHost(scheme, *prefix)) {
			return fmt.Sprintf("; up to byte %d, %s reads %s", e.Offset, e.Spec, describeHost(*prefix))
		}
		if rd.Normalized && !strings.HasPrefix(rd.Host, "[") && !strings.Contains(written, strings.ToLower(rd.Host)) {
			return fmt.Sprintf("; the string does not hold the host %q as written", rd.Host)
		}
	}
	return ""
}

// distinctHosts are the hosts the readings read, compared for meaning (canonHost).
func distinctHosts(readings []Reading) map[string]bool {
	hosts := map[string]bool{}
	for _, rd := range readings {
		hosts[canonHost(strings.ToLower(rd.Scheme), rd)] = true
	}
	return hosts
}

// readerLabel is how a message names a reader: by its name, except where the reader
// and the spec share it. Under the whatwg spec (the URL Standard's valid URL strings)
// the reader "whatwg" is the same standard's URL parser, which reads much that the
// grammar calls invalid; "whatwg rejects it …, but whatwg accepts it" would read as a
// contradiction.
func readerLabel(name string, spec uri.Spec) string {
	if name == spec.String() && spec == uri.WHATWG {
		return "the WHATWG URL parser"
	}
	return name
}

func verbAccept(n int) string {
	if n == 1 {
		return "accepts"
	}
	return "accept"
}

// describeReading writes the parts of a reading that decide where a request goes.
func describeReading(rd Reading) string {
	var parts []string
	parts = append(parts, describeHost(rd))
	if rd.HasUserinfo && rd.Userinfo != "" {
		parts = append(parts, fmt.Sprintf("userinfo %q", rd.Userinfo))
	}
	if rd.HasPort && rd.Port != "" {
		parts = append(parts, fmt.Sprintf("port %q", rd.Port))
	}
	parts = append(parts, fmt.Sprintf("path %q", shortText(rd.Path+queryText(rd))))
	return strings.Join(parts, ", ")
}

// confusingAt reports whether the byte at off of s is one that lenient parsers read as
// a delimiter, or drop, where the grammar has none: "\\" (a "/" to the WHATWG parser in
// special schemes), "@" (a second one: the last one ends the userinfo), TAB, CR and LF
// (the WHATWG parser removes them anywhere), and spaces and controls at either end (it
// strips them).
func confusingAt(s string, off int) bool {
	if off >= len(s) {
		return false
	}
	switch c := s[off]; {
	case c == '\\', c == '@', c == '\t', c == '\r', c == '\n':
		return true
	case c <= ' ':
		// The parser stops at the first such byte: at the start, or followed by
		// nothing but more of them.
		return off == 0 || strings.TrimLeftFunc(s[off:], func(r rune) bool { return r <= ' ' }) == ""
	}
	return false
}
