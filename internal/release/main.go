// Command release writes the module zips of a urispec version as a file-system module
// proxy, for the release rehearsal (rehearse.sh, make release-rehearsal; docs/release.md).
//
// Usage, from this directory:
//
//	go run . -version vX.Y.Z -out DIR
//
// It makes the zip of each published module (the root, beam/ and jsonschema/) from the
// repository's HEAD as the go command does when it fetches a tag: the files `git
// archive` writes of the module's directory, the root's LICENSE where the directory has
// none, through golang.org/x/mod/zip.Create, which leaves out the directories of other
// modules and checks the zip's rules; and lays them out in DIR as GOPROXY's
// protocol names them (MODULE/@v/list, VERSION.info, VERSION.mod, VERSION.zip), so that
// GOPROXY=file://DIR serves them. It refuses a go.mod with a replace directive, a
// submodule that requires another version of the root module than the one released
// with it, and a module without a LICENSE in the zip. It prints the go.sum lines of
// each module.
//
// It is a module of its own so that golang.org/x/mod stays out of the root go.mod.
package main

import (
	stdzip "archive/zip"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/sumdb/dirhash"
	"golang.org/x/mod/zip"
)

// published are the directories of the modules a release tags, the root first.
var published = []string{"", "beam", "jsonschema"}

func main() {
	version := flag.String("version", "", "the version to write, such as v0.1.0")
	out := flag.String("out", "", "the directory to write the module proxy into")
	repo := flag.String("repo", "../..", "the repository's top directory")
	flag.Parse()
	if *version == "" || *out == "" || flag.NArg() > 0 {
		log.Fatal("usage: go run . -version vX.Y.Z -out DIR [-repo DIR]")
	}
	root, err := filepath.Abs(*repo)
	if err != nil {
		log.Fatal(err)
	}
	when, err := git(root, "log", "-1", "--format=%cI", "HEAD")
	if err != nil {
		log.Fatal(err)
	}
	t, err := time.Parse(time.RFC3339, strings.TrimSpace(string(when)))
	if err != nil {
		log.Fatal(err)
	}
	var rootPath string
	for _, dir := range published {
		m, err := write(root, dir, *version, rootPath, t.UTC(), *out)
		if err != nil {
			log.Fatalf("%s: %v", filepath.Join(dir, "go.mod"), err)
		}
		if dir == "" {
			rootPath = m
		}
	}
}

// write writes the zip, go.mod and info of the module in dir at version, and prints
// its go.sum lines. rootPath is the root module's path ("" for the root itself). It
// returns the module's path.
func write(repo, dir, version, rootPath string, t time.Time, out string) (string, error) {
	name := "go.mod"
	if dir != "" {
		name = dir + "/go.mod"
	}
	gomod, err := git(repo, "show", "HEAD:"+name)
	if err != nil {
		return "", err
	}
	f, err := modfile.ParseLax(name, gomod, nil)
	if err != nil {
		return "", err
	}
	if f.Module == nil {
		return "", fmt.Errorf("no module line")
	}
	if len(f.Replace) > 0 {
		return "", fmt.Errorf("a replace directive (%s), which users of the module would not get", f.Replace[0].Old.Path)
	}
	if rootPath != "" {
		for _, r := range f.Require {
			if r.Mod.Path == rootPath && r.Mod.Version != version {
				return "", fmt.Errorf("requires %s %s, but the release is %s: "+
					"go mod edit -require=%s@%s here and in go.work (docs/release.md)", rootPath, r.Mod.Version, version, rootPath, version)
			}
		}
	}
	m := module.Version{Path: f.Module.Mod.Path, Version: version}
	files, err := archive(repo, dir)
	if err != nil {
		return "", err
	}
	var zbuf bytes.Buffer
	if err := zip.Create(&zbuf, m, files); err != nil {
		return "", err
	}
	esc, err := module.EscapePath(m.Path)
	if err != nil {
		return "", err
	}
	vdir := filepath.Join(out, filepath.FromSlash(esc), "@v")
	if err := os.MkdirAll(vdir, 0o755); err != nil {
		return "", err
	}
	zipName := filepath.Join(vdir, version+".zip")
	if err := os.WriteFile(zipName, zbuf.Bytes(), 0o644); err != nil {
		return "", err
	}
	checked, err := zip.CheckZip(m, zipName)
	if err != nil {
		return "", err
	}
	if !slices.Contains(checked.Valid, m.String()+"/LICENSE") { // names in a module zip start "path@version/"
		return "", fmt.Errorf("no LICENSE in the zip of %s", m.Path)
	}
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{version, t})
	if err != nil {
		return "", err
	}
	for file, data := range map[string][]byte{
		version + ".mod":  gomod,
		version + ".info": info,
		"list":            []byte(version + "\n"),
	} {
		if err := os.WriteFile(filepath.Join(vdir, file), data, 0o644); err != nil {
			return "", err
		}
	}
	h1, err := dirhash.HashZip(zipName, dirhash.Hash1)
	if err != nil {
		return "", err
	}
	modHash, err := dirhash.Hash1([]string{"go.mod"}, func(string) (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(gomod)), nil
	})
	if err != nil {
		return "", err
	}
	fmt.Printf("%s %s %s\n%s %s/go.mod %s\n", m.Path, version, h1, m.Path, version, modHash)
	fmt.Fprintf(os.Stderr, "release: %s@%s: %d files, %d bytes zipped\n", m.Path, version, len(checked.Valid), zbuf.Len())
	return m.Path, nil
}

// archive returns the files of directory dir ("" for the top) in the repository's HEAD,
// as golang.org/x/mod/zip.CreateFromVCS lists them (it refuses a git worktree, whose
// .git is a file, which is why this does the same itself): `git archive`, with the top
// directory's LICENSE added to a directory that has none.
func archive(repo, dir string) ([]zip.File, error) {
	args := []string{"-c", "core.autocrlf=input", "-c", "core.eol=lf", "archive", "--format=zip", "HEAD"}
	if dir != "" {
		args = append(args, dir)
	}
	data, err := git(repo, args...)
	if err != nil {
		return nil, err
	}
	zr, err := stdzip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	var files []zip.File
	haveLicense := false
	for _, f := range zr.File {
		name, ok := strings.CutPrefix(f.Name, dir)
		if dir != "" {
			name, ok = strings.CutPrefix(name, "/")
		}
		if !ok || name == "" || strings.HasSuffix(name, "/") {
			continue
		}
		files = append(files, archived{name, f})
		haveLicense = haveLicense || name == "LICENSE"
	}
	if !haveLicense && dir != "" {
		license, err := git(repo, "cat-file", "blob", "HEAD:LICENSE")
		if err != nil {
			return nil, err
		}
		files = append(files, licenseFile(license))
	}
	return files, nil
}

// archived is a file of `git archive`'s zip.
type archived struct {
	name string
	f    *stdzip.File
}

func (a archived) Path() string                 { return a.name }
func (a archived) Lstat() (fs.FileInfo, error)  { return a.f.FileInfo(), nil }
func (a archived) Open() (io.ReadCloser, error) { return a.f.Open() }

// licenseFile is the top directory's LICENSE, added to a module in a directory.
type licenseFile []byte

func (l licenseFile) Path() string                 { return "LICENSE" }
func (l licenseFile) Lstat() (fs.FileInfo, error)  { return licenseInfo(len(l)), nil }
func (l licenseFile) Open() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(l)), nil }

type licenseInfo int64

func (n licenseInfo) Name() string       { return "LICENSE" }
func (n licenseInfo) Size() int64        { return int64(n) }
func (n licenseInfo) Mode() fs.FileMode  { return 0o644 }
func (n licenseInfo) ModTime() time.Time { return time.Time{} }
func (n licenseInfo) IsDir() bool        { return false }
func (n licenseInfo) Sys() any           { return nil }

func git(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, stderr.String())
	}
	return out, nil
}
