package uri

import (
	"sync"

	"github.com/urispec/urispec/internal/engine"
)

// The sub-packages run the grammars that this package compiles through internal/engine,
// whose Grammars is set here (docs/design.md, "Layout"). Only the sub-packages call its
// methods, so a program that imports none links neither grammar.
func init() { engine.Grammars = engineGrammars{} }

// engineGrammars runs the grammars named in internal/engine.
type engineGrammars struct{}

func (engineGrammars) SpecOf(spec uint8) engine.Spec {
	s := Spec(spec)
	if !s.known() {
		return engine.Spec{}
	}
	d := s.desc()
	return engine.Spec{Family: d.family, IRI: d.iri, WholeAuthority: d.wholeAuthority}
}

func (engineGrammars) RemoveDotSegments(path string) string { return removeDotSegments(path) }

func (engineGrammars) Accepts(grammar string, rule int, s string) bool {
	pool := enginePool(grammar)
	p := pool.Get().(*Parser)
	defer pool.Put(p)
	return p.m.Accepts(s, rule)
}

func (engineGrammars) Run(grammar string, rule int, s string, record *[4]uint64, read func([][3]int32)) error {
	pool := enginePool(grammar)
	p := pool.Get().(*Parser)
	defer pool.Put(p)
	top := p.top
	p.top = rule // the entry rule of the error, from which Expected is found
	defer func() { p.top = top }()
	var ok bool
	if record != nil {
		ok = p.m.RunRecording(s, rule, record)
	} else {
		ok = p.m.Run(s, rule)
	}
	if !ok {
		return p.explain(s)
	}
	read(p.tokens())
	return nil
}

// enginePool returns the pool of Parsers of a grammar named in internal/engine.
func enginePool(grammar string) *sync.Pool {
	switch grammar {
	case engine.Template:
		return &templatePool
	case engine.RFC1738:
		return &rfc1738Pool
	}
	panic("uri: internal/engine: no grammar " + grammar)
}

// rfc1738Pool keeps Parsers of the rfc1738 grammar for package uri/rfc1738, which runs
// the rules of RFC 1738's ten schemes on their own.
var rfc1738Pool = sync.Pool{New: func() any {
	g := RFC1738.grammar()
	return &Parser{spec: RFC1738, g: g, top: g.top, m: g.newMachine()}
}}
