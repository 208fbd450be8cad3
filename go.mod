module github.com/urispec/urispec

go 1.26.0

require (
	github.com/chromedp/cdproto v0.159.0
	github.com/chromedp/chromedp v0.23.0
	github.com/google/go-cmp v0.7.0
	github.com/pandatix/go-abnf v0.5.0
	github.com/pointlander/peg v1.0.1
	github.com/rogpeppe/go-internal v1.14.1
	golang.org/x/net v0.43.0
	golang.org/x/term v0.47.0
	golang.org/x/text v0.28.0
)

require (
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/hashicorp/go-uuid v1.0.3 // indirect
	github.com/pointlander/compress v1.1.1-0.20190518213731-ff44bd196cc3 // indirect
	github.com/pointlander/jetset v1.0.1-0.20190518214125-eee7eff80bd4 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/tools v0.36.0 // indirect
)
