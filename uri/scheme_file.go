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
	}
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
