// Package pipeline is the corpus report of `urispec matrix` as an Apache Beam pipeline (Go
// SDK), for corpora that outgrow one machine. It matches text files by glob (local paths,
// or gs:// and s3:// where the runner's workers can read them), checks every line of each
// file under the chosen specs, and combines the per-file summaries into one with a
// CombineFn built on summary.Merge. The result is the JSON document of `urispec matrix
// -summary-json`, which `urispec merge` renders.
//
// Each file is read whole by one DoFn call, split into lines by internal/lines (the
// command's own splitting) and checked with a summary.Checker, exactly as matrix's workers
// check a line: so every example carries the file and line number that matrix would give
// it, and the pipeline's summary of a set of files is byte for byte matrix's summary of
// the same files. The price is that a file is the unit of parallelism: split a corpus
// into many files (split -l) to spread it over many workers.
//
// It lives in its own module (beam/go.mod, github.com/urispec/urispec/beam), so that importers of package uri and users
// of `go install .../cmd/urispec` get none of Beam's dependencies.
package pipeline

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local paths; the command adds gs:// and s3://
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/urispec/urispec/internal/lines"
	"github.com/urispec/urispec/internal/summary"
	"github.com/urispec/urispec/uri"
)

func init() {
	// A summary crosses stages as its own JSON document (Encode, and Decode, which
	// checks it and keeps each example's hash).
	beam.RegisterCoder(reflect.TypeOf((*summary.Summary)(nil)), encodeSummary, decodeSummary)
	register.DoFn3x1[context.Context, fileio.ReadableFile, func(*summary.Summary), error](&checkFileFn{})
	register.Emitter1[*summary.Summary]()
	register.Combiner3[*summary.Summary, *summary.Summary, *summary.Summary](&mergeFn{})
	register.DoFn2x1[context.Context, *summary.Summary, error](&writeFn{})
}

func encodeSummary(s *summary.Summary) ([]byte, error) {
	var b strings.Builder
	if err := s.Encode(&b); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}

func decodeSummary(b []byte) (*summary.Summary, error) {
	return summary.Decode(strings.NewReader(string(b)))
}

// SpecIDs reads a -spec value as matrix does ("all", or comma-separated IDs) and returns
// the IDs oldest first, each once: the order of a summary's Specs.
func SpecIDs(v string) ([]string, error) {
	var specs []uri.Spec
	if v == "all" {
		specs = uri.Specs()
	} else {
		for _, id := range strings.Split(v, ",") {
			s, err := uri.ParseSpec(strings.TrimSpace(id))
			if err != nil {
				return nil, err
			}
			specs = append(specs, s)
		}
	}
	slices.Sort(specs)
	specs = slices.Compact(specs)
	ids := make([]string, len(specs))
	for i, s := range specs {
		ids[i] = s.String()
		if _, err := uri.NewParser(s); err != nil {
			return nil, err
		}
	}
	return ids, nil
}

// CheckGlobs reports the first glob that matches no file, or that cannot be listed, in
// one line: the pipeline would fail on it too, with the runner's whole stack of errors.
func CheckGlobs(ctx context.Context, globs []string) error {
	for _, g := range globs {
		fs, err := filesystem.New(ctx, g)
		if err != nil {
			return fmt.Errorf("-input %s: %v", g, firstLine(err))
		}
		files, err := fs.List(ctx, g)
		fs.Close()
		switch {
		case err != nil:
			return fmt.Errorf("-input %s: %v", g, firstLine(err))
		case len(files) == 0:
			return fmt.Errorf("-input %s matches no file", g)
		}
	}
	return nil
}

// firstLine is the first line of err's message: Beam's errors carry their context on
// the lines below.
func firstLine(err error) string {
	msg, _, _ := strings.Cut(err.Error(), "\n")
	return msg
}

// Options are what Summarize needs.
type Options struct {
	Globs    []string // file patterns: local paths, gs://..., s3://...; each must match a file
	Specs    []string // spec IDs oldest first (SpecIDs)
	Examples int      // examples kept per group, matrix's -examples
	// Gunzip decompresses files whose name ends in .gz. Off by default, as matrix reads
	// every file's bytes as they are stored.
	Gunzip bool
	// GenericOnly reads with each spec's generic syntax alone, without the scheme
	// grammars (uri.GenericOnly), as matrix -schemes=false does.
	GenericOnly bool
}

// Summarize adds to the pipeline the transforms that match opts.Globs, check every line
// of every file and combine the summaries, and returns the PCollection of the one
// *summary.Summary of all the lines. A glob that matches no file fails the pipeline, as a
// missing file fails matrix.
func Summarize(s beam.Scope, opts Options) beam.PCollection {
	s = s.Scope("urispec.Summarize")
	globs := beam.CreateList(s, opts.Globs)
	files := fileio.MatchAll(s, globs, fileio.MatchEmptyDisallow())
	comp := fileio.ReadUncompressed()
	if opts.Gunzip {
		comp = fileio.ReadAutoCompression()
	}
	readable := fileio.ReadMatches(s, files, comp, fileio.ReadDirectoryDisallow())
	// Matching runs on one worker per glob: without a reshuffle, a runner that fuses
	// stages would also check every file the glob matched on that one worker.
	readable = beam.Reshuffle(s, readable)
	perFile := beam.ParDo(s, &checkFileFn{Specs: opts.Specs, Examples: opts.Examples, GenericOnly: opts.GenericOnly}, readable)
	return beam.Combine(s, &mergeFn{Specs: opts.Specs, Examples: opts.Examples, GenericOnly: opts.GenericOnly}, perFile)
}

// checkFileFn checks every line of one file, as matrix does, and emits the file's summary.
type checkFileFn struct {
	Specs       []string
	Examples    int
	GenericOnly bool

	checker *summary.Checker // one per DoFn instance: an instance runs one bundle at a time
}

func (fn *checkFileFn) Setup() error {
	var err error
	var opts []uri.ParserOption
	if fn.GenericOnly {
		opts = append(opts, uri.GenericOnly())
	}
	fn.checker, err = summary.NewChecker(fn.Specs, opts...)
	return err
}

func (fn *checkFileFn) ProcessElement(ctx context.Context, f fileio.ReadableFile, emit func(*summary.Summary)) error {
	name := f.Metadata.Path
	r, err := f.Open(ctx)
	if err != nil {
		return fmt.Errorf("urispec: %s: %w", name, err)
	}
	defer r.Close()
	sum := summary.New(fn.Specs, fn.Examples)
	sum.GenericOnly = fn.GenericOnly
	err = lines.Each(r, func(n int, line string, err error) error {
		if line == "" && err == nil {
			sum.AddBlank() // no input, as in matrix
			return nil
		}
		problem := ""
		if err != nil {
			problem = err.Error() // too long: the text is empty, as in matrix
		}
		sum.AddVerdicts(summary.NewExample(line, name, int64(n)), fn.checker.Check(line, problem))
		return nil
	})
	if err != nil {
		return fmt.Errorf("urispec: reading %s: %w", name, err)
	}
	emit(sum)
	return nil
}

// mergeFn combines summaries with summary.Merge: exact, associative and commutative, so
// the runner may combine the per-file summaries in any grouping and order.
type mergeFn struct {
	Specs       []string
	Examples    int
	GenericOnly bool
}

func (fn *mergeFn) CreateAccumulator() *summary.Summary {
	s := summary.New(fn.Specs, fn.Examples)
	s.GenericOnly = fn.GenericOnly
	return s
}

func (fn *mergeFn) AddInput(acc, in *summary.Summary) (*summary.Summary, error) {
	return summary.Merge(acc, in)
}

func (fn *mergeFn) MergeAccumulators(a, b *summary.Summary) (*summary.Summary, error) {
	return summary.Merge(a, b)
}

func (fn *mergeFn) ExtractOutput(acc *summary.Summary) *summary.Summary {
	return acc
}

// Write adds to the pipeline a step that writes the summary, the one element of sums
// (Summarize's result), as one JSON document to path: a local path, or an object store
// whose filesystem package the program imports (gs://, s3://).
func Write(s beam.Scope, path string, sums beam.PCollection) {
	s = s.Scope("urispec.Write")
	beam.ParDo0(s, &writeFn{Path: path}, sums)
}

type writeFn struct {
	Path string
}

func (fn *writeFn) ProcessElement(ctx context.Context, sum *summary.Summary) error {
	fs, err := filesystem.New(ctx, fn.Path)
	if err != nil {
		return err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, fn.Path)
	if err != nil {
		return err
	}
	if err := sum.Encode(w); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}
