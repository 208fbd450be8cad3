package uri

// ReadTSV lets the external tests (package uri_test) read test tables with the same code
// as the internal ones.
var ReadTSV = readTSV

// ExplainDiff compares p's error on s with the reference implementation's (the probing
// explain of before issue 13): "" when Offset, Rule and Expected are the same.
func ExplainDiff(p *Parser, s string) string { return p.explainDiff(s) }
