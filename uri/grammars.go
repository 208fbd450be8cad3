package uri

import (
	"github.com/urispec/urispec/gen/rfc1738"
	"github.com/urispec/urispec/gen/rfc1808"
	"github.com/urispec/urispec/gen/rfc2396"
	"github.com/urispec/urispec/gen/rfc2396bis01"
	"github.com/urispec/urispec/gen/rfc2732"
	"github.com/urispec/urispec/gen/rfc3986"
	"github.com/urispec/urispec/gen/rfc3987"
	"github.com/urispec/urispec/gen/rfc6874"
	"github.com/urispec/urispec/gen/url1993"
	"github.com/urispec/urispec/gen/urlsyntax05"
)

// grammars holds the compiled binding of every spec that has a parser; it is built once
// and never changed.
var grammars = [numSpecs]*grammar{
	URL1993:      compile(url1993Binding, url1993.RuleID, url1993.RuleName, url1993.NumRules()),
	RFC1738:      compile(rfc1738Binding, rfc1738.RuleID, rfc1738.RuleName, rfc1738.NumRules()),
	RFC1808:      compile(rfc1808Binding, rfc1808.RuleID, rfc1808.RuleName, rfc1808.NumRules()),
	URLSyntax05:  compile(urlSyntax05Binding, urlsyntax05.RuleID, urlsyntax05.RuleName, urlsyntax05.NumRules()),
	RFC2396:      compile(rfc2396Binding, rfc2396.RuleID, rfc2396.RuleName, rfc2396.NumRules()),
	RFC2732:      compile(rfc2732Binding, rfc2732.RuleID, rfc2732.RuleName, rfc2732.NumRules()),
	RFC2396bis01: compile(rfc2396bis01Binding, rfc2396bis01.RuleID, rfc2396bis01.RuleName, rfc2396bis01.NumRules()),
	RFC3986:      compile(rfc3986Binding, rfc3986.RuleID, rfc3986.RuleName, rfc3986.NumRules()),
	RFC3987:      compile(rfc3987Binding, rfc3987.RuleID, rfc3987.RuleName, rfc3987.NumRules()),
	RFC6874:      compile(rfc6874Binding, rfc6874.RuleID, rfc6874.RuleName, rfc6874.NumRules()),
}
