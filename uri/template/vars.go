package template

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// VarsError is the error of DecodeVars: what is wrong with the JSON of
// the variables, and the byte offset in it where it is.
type VarsError struct {
	Offset int
	Reason string
}

func (e *VarsError) Error() string {
	return fmt.Sprintf("template variables: %s at byte %d", e.Reason, e.Offset)
}

// DecodeVars reads template variables from a JSON object: a string is a string
// value, an array of strings a list, an object of strings an associative array (in the
// object's order). A number or boolean is the string of its JSON text ("37.76"), and
// null is undefined (a null member of an array or object is left out). A nested array or
// object inside an array or object has no meaning in RFC 6570 and is an error.
//
// The JSON is read strictly: bytes that are not UTF-8, a \u escape of a lone surrogate
// (which encoding/json would turn into U+FFFD), a name given twice in one object, and
// anything but white space after the object are errors. Every error is a
// *VarsError with the byte offset where the fault is.
func DecodeVars(data []byte) (map[string]Value, error) {
	if !utf8.Valid(data) {
		i := 0
		for i < len(data) {
			r, size := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			i += size
		}
		return nil, &VarsError{Offset: i, Reason: fmt.Sprintf("byte 0x%02X is not UTF-8", data[i])}
	}
	d := &varsDecoder{dec: json.NewDecoder(bytes.NewReader(data)), data: data}
	d.dec.UseNumber()
	tok, at, err := d.token()
	if err != nil {
		return nil, err
	}
	if tok != json.Delim('{') {
		return nil, &VarsError{Offset: at, Reason: fmt.Sprintf("want a JSON object of variables, found %v", tok)}
	}
	vars := map[string]Value{}
	for d.dec.More() {
		tok, at, err := d.token()
		if err != nil {
			return nil, err
		}
		name := tok.(string) // an object's member name
		if _, ok := vars[name]; ok {
			return nil, &VarsError{Offset: at, Reason: fmt.Sprintf("variable %q given twice", name)}
		}
		v, err := d.value(name)
		if err != nil {
			return nil, err
		}
		vars[name] = v
	}
	if _, _, err := d.token(); err != nil { // the object's "}"
		return nil, err
	}
	if at := d.skipSpace(int(d.dec.InputOffset())); at < len(data) {
		return nil, &VarsError{Offset: at, Reason: "data after the object"}
	}
	return vars, nil
}

// varsDecoder reads the tokens of DecodeVars's JSON with their offsets.
type varsDecoder struct {
	dec  *json.Decoder
	data []byte
}

// skipSpace returns the offset of the first byte from i on that is neither JSON white
// space nor a "," or ":" between tokens.
func (d *varsDecoder) skipSpace(i int) int {
	for i < len(d.data) && strings.IndexByte(" \t\r\n,:", d.data[i]) >= 0 {
		i++
	}
	return i
}

// token reads the next token and the offset where it begins. A string whose \u escapes
// hold a lone surrogate is an error: encoding/json reads it as U+FFFD.
func (d *varsDecoder) token() (json.Token, int, error) {
	at := d.skipSpace(int(d.dec.InputOffset()))
	tok, err := d.dec.Token()
	if err != nil {
		var se *json.SyntaxError
		switch {
		case errors.As(err, &se):
			return nil, int(se.Offset), &VarsError{Offset: int(se.Offset), Reason: se.Error()}
		case err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF):
			return nil, len(d.data), &VarsError{Offset: len(d.data), Reason: "unexpected end of JSON input"}
		}
		return nil, at, &VarsError{Offset: at, Reason: err.Error()}
	}
	// Every U+FFFD of a string must be in the text, as itself or escaped. (Most strings
	// hold none, and are not read again.)
	if s, ok := tok.(string); ok && strings.Contains(s, "\uFFFD") {
		raw := d.data[at:d.dec.InputOffset()]
		if strings.Count(s, "\uFFFD") > bytes.Count(raw, []byte("\uFFFD"))+bytes.Count(bytes.ToLower(raw), []byte(`\ufffd`)) {
			return nil, at, &VarsError{Offset: at, Reason: "a \\u escape of a lone surrogate in a string"}
		}
	}
	return tok, at, nil
}

// value reads the value of variable name.
func (d *varsDecoder) value(name string) (Value, error) {
	tok, _, err := d.token()
	if err != nil {
		return Value{}, err
	}
	switch tok {
	case nil:
		return Value{}, nil
	case json.Delim('['):
		v := Value{kind: listValue}
		for d.dec.More() {
			s, ok, err := d.scalar(name)
			if err != nil {
				return Value{}, err
			}
			if ok {
				v.list = append(v.list, s)
			}
		}
		_, _, err := d.token()
		return v, err
	case json.Delim('{'):
		v := Value{kind: assocValue}
		seen := map[string]bool{}
		for d.dec.More() {
			key, at, err := d.token()
			if err != nil {
				return Value{}, err
			}
			k := key.(string)
			if seen[k] {
				return Value{}, &VarsError{Offset: at, Reason: fmt.Sprintf("%q: key %q given twice", name, k)}
			}
			seen[k] = true
			s, ok, err := d.scalar(name)
			if err != nil {
				return Value{}, err
			}
			if ok {
				v.pairs = append(v.pairs, Pair{Name: k, Value: s})
			}
		}
		_, _, err := d.token()
		return v, err
	}
	s, _ := scalarText(tok)
	return String(s), nil
}

// scalar reads a member of a list or associative array: its string, or ok false for
// null.
func (d *varsDecoder) scalar(name string) (string, bool, error) {
	tok, at, err := d.token()
	if err != nil {
		return "", false, err
	}
	if _, ok := tok.(json.Delim); ok {
		return "", false, &VarsError{Offset: at, Reason: fmt.Sprintf("%q: a list or associative array holds strings, not %v", name, tok)}
	}
	if tok == nil {
		return "", false, nil
	}
	s, _ := scalarText(tok)
	return s, true, nil
}

// scalarText is the string of a JSON string, number or boolean token.
func scalarText(tok json.Token) (string, bool) {
	switch tok := tok.(type) {
	case string:
		return tok, true
	case json.Number:
		return tok.String(), true
	case bool:
		if tok {
			return "true", true
		}
		return "false", true
	}
	return "", false
}
