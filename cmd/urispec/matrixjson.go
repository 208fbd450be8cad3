package main

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// matrix -json writes one object a line for every input, a hundred thousand lines and
// more: encoding/json's reflection over each object cost a fifth of its time on the
// real-world corpus. appendJSON writes the same bytes (TestMatrixJSONEncoding checks it
// against encoding/json) by hand, and each specdiff object, which is the same for every
// input of its class, once per class (specdiffCache).

// appendJSON appends m as encoding/json writes it with SetEscapeHTML(false), followed by
// a newline; sd holds the encoded objects of m.Specdiff.
func (m *matrixJSON) appendJSON(b []byte, sd [][]byte) []byte {
	b = append(b, `{"where":`...)
	b = appendJSONString(b, m.Where)
	b = append(b, `,"input":`...)
	b = appendJSONString(b, m.Input)
	if m.InputB64 != "" {
		b = append(b, `,"input_base64":`...)
		b = appendJSONString(b, m.InputB64)
	}
	if m.InputError != "" {
		b = append(b, `,"input_error":`...)
		b = appendJSONString(b, m.InputError)
	}
	b = append(b, `,"agree":`...)
	b = strconv.AppendBool(b, m.Agree)
	b = append(b, `,"verdicts":`...)
	if m.Verdicts == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, v := range m.Verdicts {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"spec":`...)
			b = appendJSONString(b, v.Spec)
			b = append(b, `,"valid":`...)
			b = strconv.AppendBool(b, v.Valid)
			if v.Error != nil {
				b = append(b, `,"error":`...)
				b = v.Error.appendJSON(b)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if len(sd) > 0 {
		b = append(b, `,"specdiff":[`...)
		for i, o := range sd {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, o...)
		}
		b = append(b, ']')
	}
	return append(b, "}\n"...)
}

// appendJSON appends e as encoding/json writes it.
func (e *jsonError) appendJSON(b []byte) []byte {
	b = append(b, `{"offset":`...)
	b = strconv.AppendInt(b, int64(e.Offset), 10)
	b = append(b, `,"rule":`...)
	b = appendJSONString(b, e.Rule)
	b = append(b, `,"message":`...)
	b = appendJSONString(b, e.Message)
	if len(e.Expected) > 0 {
		b = append(b, `,"expected":[`...)
		for i, x := range e.Expected {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, x)
		}
		b = append(b, ']')
	}
	for _, f := range [...]struct{ key, v string }{
		{`,"scheme":`, e.Scheme}, {`,"section":`, e.Section},
		{`,"reason":`, e.Reason}, {`,"validation":`, e.Validation},
	} {
		if f.v != "" {
			b = append(b, f.key...)
			b = appendJSONString(b, f.v)
		}
	}
	return append(b, '}')
}

// specdiffCache holds the encoded specdiff object of each class met, by pair, side
// and class (matrix -json runs it on one goroutine).
type specdiffCache struct {
	c    *classifier
	objs map[[4]string][]byte
}

// json returns the encoded specdiff object of input, on which older and newer disagree
// (acceptedBy accepts it), as classifier.json makes it; ok as there.
func (sc *specdiffCache) json(older, newer, acceptedBy, input string) ([]byte, bool) {
	cl, x, _, ok := sc.c.classify(older, newer, input)
	if x == "" {
		return nil, false
	}
	key := [4]string{older, newer, acceptedBy}
	if ok && x == acceptedBy {
		key[3] = "class " + cl.Key()
	}
	if o, found := sc.objs[key]; found {
		return o, true
	}
	sd, _ := sc.c.json(older, newer, acceptedBy, input)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(sd); err != nil { // strings, ints and bools: cannot fail
		panic(err)
	}
	o := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	if sc.objs == nil {
		sc.objs = map[[4]string][]byte{}
	}
	sc.objs[key] = o
	return o, true
}
