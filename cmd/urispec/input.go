package main

import (
	"io"

	"github.com/urispec/urispec/internal/lines"
)

// maxLine is the longest input line read whole; a longer one is reported and skipped.
const maxLine = lines.Max

// eachLine calls fn with every line of r (without its LF, and without a CR before it),
// numbered from 1. A line over maxLine bytes is passed with lines.ErrTooLong ("line
// longer than 1048576 bytes") and an empty text. A read error stops the loop and is
// returned; so is an error from fn. The Beam pipeline (beam/) splits files with the same
// lines.Each.
func eachLine(r io.Reader, fn func(n int, line string, err error) error) error {
	return lines.Each(r, fn)
}
