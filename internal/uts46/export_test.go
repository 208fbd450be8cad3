package uts46

// TablesApply says whether tables.go corrects the x/net/idna that was compiled.
var TablesApply = applies

// LDHDomain and Process are ldhDomain and the processing with the Unicode tables, which
// ToASCII chooses between.
var (
	LDHDomain    = ldhDomain
	ASCIIRefusal = func(domain string) error {
		if e := asciiRefusal(domain); e != nil {
			return e
		}
		return nil
	}
	Process = toASCII
)
