package hazard

import (
	"strings"

	"github.com/urispec/urispec/uri"
)

// URLs inside URLs. A few schemes wrap another URL, which the client that follows the
// outer one fetches: jar:<url>!/<entry> (Java's JarURLConnection downloads the archive
// at <url>, over any protocol Java has a handler for), view-source:<url> (browsers fetch
// <url> to show its source) and feed:<url> (feed readers fetch <url>). To the generic
// syntax the inner URL is a path, so none of its hazards would show: the hazards of the
// URL inside are reported too, at its offsets in the outer one, their messages saying
// where they come from.

// nestingSchemes maps each such scheme to what follows the inner URL: "!/" for jar:
// (JarURLConnection, "jar:<url>!/{entry}"), nothing for the others.
var nestingSchemes = map[string]string{"jar": "!/", "view-source": "", "feed": ""}

// maxNesting bounds how deep URLs inside URLs are read, so that "jar:jar:jar:..." costs
// a bounded number of parses of its text.
const maxNesting = 4

// nested adds the hazards of the URL inside a URL of a nesting scheme.
func (h *hazards) nested(depth int) {
	r := h.r
	b, e, ok := r.Span(uri.Scheme)
	if !ok || depth >= maxNesting {
		return
	}
	scheme := strings.ToLower(r.Input()[b:e])
	end, ok := nestingSchemes[scheme]
	if !ok {
		return
	}
	inner := r.Input()[e+1:]
	if f, _, ok := r.Span(uri.Fragment); ok {
		inner = r.Input()[e+1 : f-1]
	}
	if end != "" {
		if i := strings.Index(inner, end); i >= 0 {
			inner = inner[:i]
		}
	}
	if _, ok := schemeOf(inner); !ok {
		return // not a URL with a scheme: nothing a client would fetch
	}
	in, err := parsePlain(r.Spec(), inner)
	if err != nil {
		return
	}
	for _, ih := range hazardsAt(in, depth+1, h.f) {
		ih.Offset += e + 1
		ih.Message = "in the URL inside " + scheme + ": (" + shortText(inner) + "): " + ih.Message
		ih.Note = false // a local target reached through another URL is no ordinary use
		h.out = append(h.out, ih)
	}
}
