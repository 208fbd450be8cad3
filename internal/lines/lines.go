// Package lines splits an input into lines the one way urispec reads them: the command
// (check, matrix, compare, resolve, normalize) and the Beam pipeline (beam/) both read
// here, so that a line and its number are the same whoever reads the file.
package lines

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// Max is the longest line read whole; a longer one is reported and skipped.
const Max = 1 << 20

// ErrTooLong marks a line longer than Max; the run goes on with the next line.
var ErrTooLong = fmt.Errorf("line longer than %d bytes", Max)

// Each calls fn with every line of r (without its LF, and without a CR before it),
// numbered from 1. A last line without LF is a line; an empty input has none. A line
// over Max bytes is passed with ErrTooLong and an empty text. A read error stops the
// loop and is returned; so is an error from fn.
func Each(r io.Reader, fn func(n int, line string, err error) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var buf []byte
	for n := 1; ; n++ {
		buf = buf[:0]
		tooLong := false
		for {
			chunk, err := br.ReadSlice('\n')
			if !tooLong {
				if errors.Is(err, bufio.ErrBufferFull) && cap(buf) < Max+3 {
					// A line longer than the reader's buffer: room at once for the
					// longest line read whole (and CR LF), kept for the lines after,
					// rather than a long line copied over and over as buf grows.
					buf = append(make([]byte, 0, Max+3), buf...)
				}
				buf = append(buf, chunk...)
				if len(buf) > Max+2 { // room for CR LF
					tooLong, buf = true, buf[:0]
				}
			}
			if errors.Is(err, bufio.ErrBufferFull) {
				continue
			}
			if err == io.EOF {
				if len(buf) == 0 && !tooLong {
					return nil
				}
				break
			}
			if err != nil {
				return err
			}
			break
		}
		if tooLong {
			if err := fn(n, "", ErrTooLong); err != nil {
				return err
			}
			continue
		}
		line := trimEOL(buf)
		if len(line) > Max {
			if err := fn(n, "", ErrTooLong); err != nil {
				return err
			}
			continue
		}
		if err := fn(n, string(line), nil); err != nil {
			return err
		}
	}
}

func trimEOL(b []byte) []byte {
	if len(b) > 0 && b[len(b)-1] == '\n' {
		b = b[:len(b)-1]
	}
	if len(b) > 0 && b[len(b)-1] == '\r' {
		b = b[:len(b)-1]
	}
	return b
}
