package template_test

import (
	"errors"
	"fmt"

	"github.com/urispec/urispec/uri"
	"github.com/urispec/urispec/uri/template"
)

func ExampleParse() {
	t, err := template.Parse("http://example.com/{+path:6}/x{?q,lang*}")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range t.Parts() {
		if !p.Expression {
			fmt.Printf("%2d literal %q\n", p.Offset, p.Text)
			continue
		}
		fmt.Printf("%2d expression %s operator %q vars %+v\n", p.Offset, p.Text, p.Operator, p.Vars)
	}
	fmt.Println("level:", t.Level())

	_, err = template.Parse("{var:01}")
	var e *uri.Error
	if errors.As(err, &e) {
		fmt.Println(e, e.Expected())
	}
	// Output:
	//  0 literal "http://example.com/"
	// 19 expression {+path:6} operator '+' vars [{Name:path Prefix:6 Explode:false}]
	// 28 literal "/x"
	// 30 expression {?q,lang*} operator '?' vars [{Name:q Prefix:0 Explode:false} {Name:lang Prefix:0 Explode:true}]
	// level: 4
	// rfc6570: invalid character '0' at byte 5 in max-length ["1" "2" "3" "4" "5" "6" "7" "8" "9"]
}

func ExampleTemplate_Expand() {
	t, err := template.Parse("http://example.com/search{?q,lang}{&keys*}")
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := t.Expand(map[string]template.Value{
		"q": template.String("URI templates"),
		// An associative array keeps the order of its pairs.
		"keys": template.Assoc(template.Pair{Name: "semi", Value: ";"}, template.Pair{Name: "dot", Value: "."}),
	})
	fmt.Println(s, err)
	// Output:
	// http://example.com/search?q=URI%20templates&semi=%3B&dot=. <nil>
}

func ExampleDecodeVars() {
	vars, err := template.DecodeVars([]byte(`{"list": ["red", "green"], "keys": {"b": "2", "a": "1"}, "n": 6}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	t, _ := template.Parse("{/list*}{?keys*,n}")
	fmt.Println(t.Expand(vars))
	// Output:
	// /red/green?b=2&a=1&n=6 <nil>
}
