//go:build js && wasm

// Package jsvalue turns the playground's Go values into JavaScript values and back
// without encoding/json, which the first WebAssembly module leaves out to stay small
// (docs/playground.md): Of makes of a value what JSON.parse would make of encoding/json's
// encoding of it, with the same field names, order and omissions, and Read fills a
// struct from an object by the same names.
package jsvalue

import (
	"encoding/base64"
	"reflect"
	"slices"
	"strings"
	"syscall/js"
)

// Of is v as a JavaScript value, as JSON.parse would read encoding/json's encoding of v:
// a struct an object of its exported fields named by their json tags, in their order,
// those tagged omitempty left out when empty, an embedded struct's fields inlined; a
// map an object with its keys sorted; nil pointers, interfaces and slices null; a
// []byte a base64 string. It takes the kinds the playground's answers hold.
func Of(v any) js.Value {
	return of(reflect.ValueOf(v))
}

var object = js.Global().Get("Object")

func of(v reflect.Value) js.Value {
	switch v.Kind() {
	case reflect.Invalid:
		return js.Null()
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return js.Null()
		}
		return of(v.Elem())
	case reflect.String:
		return js.ValueOf(v.String())
	case reflect.Bool:
		return js.ValueOf(v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return js.ValueOf(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return js.ValueOf(v.Uint())
	case reflect.Float32, reflect.Float64:
		return js.ValueOf(v.Float())
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			return js.Null()
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return js.ValueOf(base64.StdEncoding.EncodeToString(v.Bytes()))
		}
		a := make([]any, v.Len())
		for i := range a {
			a[i] = of(v.Index(i))
		}
		return js.ValueOf(a)
	case reflect.Map:
		if v.IsNil() {
			return js.Null()
		}
		o := object.New()
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
		for _, k := range keys {
			o.Set(k.String(), of(v.MapIndex(k)))
		}
		return o
	case reflect.Struct:
		o := object.New()
		setFields(o, v)
		return o
	}
	panic("jsvalue: a " + v.Kind().String() + " has no JavaScript value here")
}

// setFields sets on o the fields of the struct v, as encoding/json names them.
func setFields(o js.Value, v reflect.Value) {
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case name == "-" || !f.IsExported() && !f.Anonymous:
			continue
		case f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct:
			setFields(o, v.Field(i))
			continue
		case name == "":
			name = f.Name
		}
		fv := v.Field(i)
		if opts == "omitempty" && empty(fv) {
			continue
		}
		o.Set(name, of(fv))
	}
}

// empty is encoding/json's empty value for omitempty.
func empty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Slice, reflect.Map, reflect.String, reflect.Array:
		return v.Len() == 0
	case reflect.Pointer, reflect.Interface:
		return v.IsNil()
	}
	return v.IsZero()
}

// Read sets the fields of the struct *ptr that have a string or bool kind from the
// properties of o named by their json tags; a missing property leaves its field alone.
func Read(o js.Value, ptr any) {
	v := reflect.ValueOf(ptr).Elem()
	t := v.Type()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		p := o.Get(name)
		switch {
		case p.Type() == js.TypeString && v.Field(i).Kind() == reflect.String:
			v.Field(i).SetString(p.String())
		case p.Type() == js.TypeBoolean && v.Field(i).Kind() == reflect.Bool:
			v.Field(i).SetBool(p.Bool())
		}
	}
}
