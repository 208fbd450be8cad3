package uri

// ReadTSV lets the external tests (package uri_test) read test tables with the same code
// as the internal ones.
var ReadTSV = readTSV
