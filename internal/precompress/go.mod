module github.com/urispec/urispec/internal/precompress

go 1.26.0

require github.com/andybalholm/brotli v1.3.0
