package uri

import (
	"errors"
	"strings"
	"sync"

	filegrammar "github.com/urispec/urispec/gen/schemes/file"

	"github.com/urispec/urispec/uri/scheme"
)

// The "file" scheme of RFC 8089 (grammar/schemes/file.peg), section 2: "file:" and an
// absolute path, with "//" and an optional host (RFC 3986's, as RFC 6874 updates it) or
// "localhost" before it. No query, no fragment (a fragment is set aside, RFC 3986 4.3).
//
// Appendix F's collected nonstandard rules (user information, drive letters, UNC strings)
// are a second top rule of the same grammar, file-URI-F. A file URI must match section
// 2's; CheckFileNonstandard checks one against Appendix F's instead.
//
// Under rfc3987 an IRI is checked by the URI it maps to (RFC 3987 3.1): RFC 8089 section
// 4 says that characters outside ASCII are encoded as UTF-8 and then percent-encoded,
// which is that mapping.

func fileBinding() binding {
	return binding{
		newMachine: func() machine { return &filegrammar.Parser{} },
		ruleID:     filegrammar.RuleID,
		pegName:    filegrammar.RuleName,
		numRules:   filegrammar.NumRules,
		ruleName:   hyphenated,
		classes:    rfc3986Classes,
		reportAs:   map[string]string{"userinfo": "file-auth-F"},
	}
}

func fileScheme() *schemeDesc {
	return &schemeDesc{
		name: "file", document: "RFC 8089", section: "2",
		grammar:   withTop(fileBinding(), "file_URI"),
		iriMapped: true,
		parts:     fileParts,
		shortcut:  fileShortcut,
		// The rule in which the grammar's run stops at the "?" of a query after a path.
		shortcutRule: "path_absolute",
	}
}

// fileShortcut decides s, a "file" reference that the generic grammar of rfc3986 or
// rfc3987 accepted (schemeDesc.shortcut), without the grammar where the generic parse
// settles it, and leaves the rest to the grammar. Why that is exact (RFC 8089 section 2:
// file-URI = "file:" ( "//" auth-path / local-path ), auth-path = [ file-auth ]
// path-absolute, local-path = path-absolute, file-auth = "localhost" / host, with RFC
// 3986's host, as RFC 6874 updates it, and path-absolute):
//
//   - Without the "?" of a query, RFC 3986's URI with scheme "file" is file-URI when its
//     hier-part is a path-absolute (local-path), or "//" authority path-abempty where
//     the authority is a host alone (no "@" of a userinfo, no ":" of a port outside an
//     IP-literal: "localhost" is a reg-name) and path-abempty is a path-absolute (it
//     is not empty and does not begin with "//"). RFC 6874's zone identifiers only add
//     to host what the generic grammar rejects. The other hier-parts (path-rootless,
//     path-empty) and authorities are left to the grammar.
//   - No rule of RFC 8089 derives a "?". So when the text before the "?" is a file-URI
//     as above, it is the longest valid beginning, and the grammar stops at the "?", in
//     the path-absolute whose characters end there (but for "file:/?", below).
//   - Under rfc3987, the mapped URI (RFC 3987 3.1) has the IRI's delimiters (see
//     httpShortcut); a rejection of an IRI outside ASCII is left to the grammar, whose
//     error reads the mapped text (checkScheme).
//
// TestSchemeShortcuts checks it against the grammar and the ABNF oracle.
func fileShortcut(s string) (shortVerdict, int) {
	// IndexByte's vector scans beat one loop; a "#" is looked for before the "?" only.
	text, q := s, strings.IndexByte(s, '?')
	if q >= 0 {
		text = s[:q]
	}
	if h := strings.IndexByte(text, '#'); h >= 0 {
		text, q = s[:h], -1 // the "?" was the fragment's
	}
	rest := text[len("file:"):]
	if strings.HasPrefix(rest, "//") {
		auth := rest[2:]
		slash := strings.IndexByte(auth, '/')
		if slash < 0 {
			return shortUndecided, 0
		}
		if strings.HasPrefix(auth[slash:], "//") {
			return shortUndecided, 0
		}
		// The empty authority of "file:///" (the commonest) has no "@", "[" or ":".
		if auth = auth[:slash]; auth != "" {
			if strings.IndexByte(auth, '@') >= 0 {
				return shortUndecided, 0
			}
			if auth[0] == '[' {
				if auth[len(auth)-1] != ']' {
					return shortUndecided, 0
				}
			} else if strings.IndexByte(auth, ':') >= 0 {
				return shortUndecided, 0
			}
		}
	} else if !strings.HasPrefix(rest, "/") || rest == "/" && q >= 0 {
		// "file:/?": the "//" of file-hier-part fails at the "?" before path-absolute
		// does, and the grammar names file-URI.
		return shortUndecided, 0
	}
	if q >= 0 {
		return shortReject, q
	}
	return shortAccept, 0
}

// fileF is fileScheme with Appendix F's top rule (CheckFileNonstandard), compiled on
// first use. It is in no schemeTable: no reference is checked against it by default.
var fileF struct {
	once sync.Once
	sg   *schemeGrammar
}

func fileGrammarF() *schemeGrammar {
	fileF.once.Do(func() {
		fileF.sg = newSchemeGrammar(&schemeDesc{name: "file", document: "RFC 8089", section: "Appendix F",
			grammar: withTop(fileBinding(), "file_URI_F"), parts: fileParts}, -1)
	})
	return fileF.sg
}

// CheckFileNonstandard checks s, a file URI, against RFC 8089 Appendix F's informative
// nonstandard rules alone (file-URI-F: user information, drive letters with ":" or "|",
// UNC paths) and returns its parts; a fragment is set aside. Errors are rfc3986's.
func CheckFileNonstandard(s string) (scheme.File, error) {
	sg := fileGrammarF()
	sp := sg.pool.Get().(*Parser)
	defer sg.pool.Put(sp)
	parts, err := sg.run(sp, RFC3986, false, s, true)
	var e *Error
	if errors.As(err, &e) {
		e.Section = "RFC 8089 Appendix F"
	}
	if err != nil {
		return scheme.File{}, err
	}
	return parts.(scheme.File), nil
}

func fileParts(m *schemeMatch, g scheme.Grammar) scheme.Parts {
	p := scheme.File{Grammar: g, Userinfo: m.opt("userinfo"), DriveLetter: m.opt("drive_letter"),
		UNCHost: m.opt("file_host")}
	rest := m.text[len("file:"):]
	// The authority is the file-auth token ("localhost", or [ userinfo "@" ] host); a
	// UNC string has an empty authority before it (E.3.2).
	auth := "file_auth"
	if _, _, ok := m.span("file_auth_F"); ok {
		auth = "file_auth_F"
	}
	switch b, e, ok := m.span(auth); {
	case ok:
		host := m.text[b:e]
		if hb, he, ok := m.span("host"); ok {
			host = m.text[hb:he]
		}
		p.Host, p.Path = &host, m.text[e:]
	case strings.HasPrefix(rest, "//"):
		empty := ""
		p.Host, p.Path = &empty, rest[2:]
		if _, ue, ok := m.span("unc_authority"); ok {
			p.Path = m.text[ue:]
		}
	default:
		p.Path = rest
	}
	p.Local = p.Host == nil || *p.Host == "" || strings.EqualFold(*p.Host, "localhost")
	return p
}
