package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// maxLine is the longest input line read whole; a longer one is reported and skipped.
const maxLine = 1 << 20

// errLineTooLong marks a line longer than maxLine; the run goes on with the next line.
var errLineTooLong = fmt.Errorf("line longer than %d bytes", maxLine)

// eachLine calls fn with every line of r (without its LF, and without a CR before it),
// numbered from 1. A line over maxLine bytes is passed with errLineTooLong and an empty
// text. A read error stops the loop and is returned; so is an error from fn.
func eachLine(r io.Reader, fn func(n int, line string, err error) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var buf []byte
	for n := 1; ; n++ {
		buf = buf[:0]
		tooLong := false
		for {
			chunk, err := br.ReadSlice('\n')
			if !tooLong {
				buf = append(buf, chunk...)
				if len(buf) > maxLine+2 { // room for CR LF
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
			if err := fn(n, "", errLineTooLong); err != nil {
				return err
			}
			continue
		}
		line := trimEOL(buf)
		if len(line) > maxLine {
			if err := fn(n, "", errLineTooLong); err != nil {
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
