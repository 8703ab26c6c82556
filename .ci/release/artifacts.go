//go:build ignore

// Reads goreleaser's record of a run (dist/artifacts.json).
//
// Prints, one a line and sorted, the platforms (goos_goarch) goreleaser
// built a build id for:
//
//	go run .ci/release/artifacts.go dist/artifacts.json terraform-provider-cpaas
//
// Checks the SBOM of every archive (sboms in .goreleaser.yml), and prints
// one line per archive: its name, its SBOM's name, the SBOM's format and how
// many modules of the Go binaries inside it names:
//
//	go run .ci/release/artifacts.go -sboms [-need MAIN=MODULE]... dist/artifacts.json
//
// Each archive must have an SBOM recorded beside it, <archive>.sbom.json,
// that is a JSON document in SPDX or CycloneDX and names, for each Go binary
// in the archive, its main module and every module its build information
// lists, at that version. -need MAIN=MODULE also requires the SBOM to name
// MODULE where a binary's main package is MAIN, so that an archive whose
// binary's build information lists nothing cannot pass.
package main

import (
	"archive/zip"
	"bytes"
	"debug/buildinfo"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

type artifact struct {
	Name   string         `json:"name"`
	Path   string         `json:"path"`
	Type   string         `json:"type"`
	Goos   string         `json:"goos"`
	Goarch string         `json:"goarch"`
	Extra  map[string]any `json:"extra"`
}

type needs map[string][]string // main package -> modules

func (n needs) String() string { return fmt.Sprint(map[string][]string(n)) }
func (n needs) Set(v string) error {
	main, mod, ok := strings.Cut(v, "=")
	if !ok || main == "" || mod == "" {
		return fmt.Errorf("%q is not MAIN=MODULE", v)
	}
	n[main] = append(n[main], mod)
	return nil
}

func main() {
	sboms := flag.Bool("sboms", false, "check every archive's SBOM")
	need := needs{}
	flag.Var(need, "need", "MAIN=MODULE: the SBOM of a binary whose main package is MAIN must name MODULE (repeatable)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: artifacts.go dist/artifacts.json BUILD_ID\n       artifacts.go -sboms [-need MAIN=MODULE]... dist/artifacts.json")
	}
	flag.Parse()
	if (*sboms && flag.NArg() != 1) || (!*sboms && flag.NArg() != 2) {
		flag.Usage()
		os.Exit(2)
	}
	b, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fail(err)
	}
	var arts []artifact
	if err := json.Unmarshal(b, &arts); err != nil {
		fail(fmt.Errorf("%s: %v", flag.Arg(0), err))
	}
	if *sboms {
		if err := checkSBOMs(arts, need); err != nil {
			fail(err)
		}
		return
	}
	var platforms []string
	for _, a := range arts {
		if a.Type == "Binary" && a.Extra["ID"] == flag.Arg(1) {
			platforms = append(platforms, a.Goos+"_"+a.Goarch)
		}
	}
	slices.Sort(platforms)
	for _, p := range slices.Compact(platforms) {
		fmt.Println(p)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

func checkSBOMs(arts []artifact, need needs) error {
	sboms := map[string]artifact{}
	for _, a := range arts {
		if a.Type == "SBOM" {
			sboms[a.Name] = a
		}
	}
	var errs []error
	archives := 0
	for _, a := range arts {
		if a.Type != "Archive" {
			continue
		}
		archives++
		doc, ok := sboms[a.Name+".sbom.json"]
		if !ok {
			errs = append(errs, fmt.Errorf("%s has no SBOM: goreleaser recorded no %s.sbom.json (sboms in .goreleaser.yml)", a.Name, a.Name))
			continue
		}
		delete(sboms, doc.Name)
		line, err := checkSBOM(a, doc, need)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		fmt.Println(line)
	}
	if archives == 0 {
		errs = append(errs, errors.New("goreleaser recorded no archive"))
	}
	for name := range sboms {
		errs = append(errs, fmt.Errorf("%s is the SBOM of no archive", name))
	}
	return errors.Join(errs...)
}

// checkSBOM checks one archive's SBOM against the build information of the
// Go binaries in the archive.
func checkSBOM(archive, doc artifact, need needs) (string, error) {
	raw, err := os.ReadFile(doc.Path)
	if err != nil {
		return "", err
	}
	format, names, err := parseSBOM(raw)
	if err != nil {
		return "", fmt.Errorf("%s: %v", doc.Path, err)
	}
	bins, err := goBinaries(archive.Path)
	if err != nil {
		return "", err
	}
	if len(bins) == 0 {
		return "", fmt.Errorf("%s holds no Go binary", archive.Path)
	}
	var missing []string
	modules := 0
	for bin, info := range bins {
		if !names[info.Main.Path].any {
			missing = append(missing, fmt.Sprintf("%s (the main module of %s)", info.Main.Path, bin))
		}
		modules++
		for _, m := range info.Deps {
			modules++
			mod := m
			if m.Replace != nil {
				mod = m.Replace
			}
			switch {
			case !names[m.Path].any && !names[mod.Path].any:
				missing = append(missing, m.Path+" "+mod.Version)
			case !names[m.Path].versions[mod.Version] && !names[mod.Path].versions[mod.Version]:
				missing = append(missing, fmt.Sprintf("%s at %s (it names %s)", m.Path, mod.Version, strings.Join(keys(names[m.Path].versions), ", ")))
			}
		}
		for _, mod := range need[info.Path] {
			if !names[mod].any {
				missing = append(missing, fmt.Sprintf("%s (-need for %s)", mod, bin))
			}
		}
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		return "", fmt.Errorf("%s (%s) does not name, of the modules built into %s:\n  %s", doc.Path, format, archive.Name, strings.Join(missing, "\n  "))
	}
	return fmt.Sprintf("%s %s %s %d", archive.Name, doc.Name, format, modules), nil
}

type named struct {
	any      bool
	versions map[string]bool
}

// parseSBOM returns the document's format (SPDX or CycloneDX, with its
// version) and the names of the packages or components it lists, each with
// its versions.
func parseSBOM(raw []byte) (string, map[string]named, error) {
	var doc struct {
		SPDXVersion string `json:"spdxVersion"`
		Packages    []struct {
			Name        string `json:"name"`
			VersionInfo string `json:"versionInfo"`
		} `json:"packages"`
		BOMFormat   string      `json:"bomFormat"`
		SpecVersion string      `json:"specVersion"`
		Components  []component `json:"components"`
	}
	if !json.Valid(raw) {
		return "", nil, errors.New("not valid JSON")
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return "", nil, err
	}
	names := map[string]named{}
	add := func(name, version string) {
		n := names[name]
		if n.versions == nil {
			n = named{any: true, versions: map[string]bool{}}
		}
		n.versions[version] = true
		names[name] = n
	}
	switch {
	case strings.HasPrefix(doc.SPDXVersion, "SPDX-"):
		for _, p := range doc.Packages {
			add(p.Name, p.VersionInfo)
		}
		return doc.SPDXVersion, names, nil
	case doc.BOMFormat == "CycloneDX":
		var walk func([]component)
		walk = func(cs []component) {
			for _, c := range cs {
				add(c.Name, c.Version)
				walk(c.Components)
			}
		}
		walk(doc.Components)
		return "CycloneDX-" + doc.SpecVersion, names, nil
	}
	return "", nil, errors.New("neither SPDX (no spdxVersion) nor CycloneDX (no bomFormat)")
}

type component struct {
	Name       string      `json:"name"`
	Version    string      `json:"version"`
	Components []component `json:"components"`
}

// goBinaries returns the build information of each Go binary in a zip.
func goBinaries(path string) (map[string]*buildinfo.BuildInfo, error) {
	if filepath.Ext(path) != ".zip" {
		return nil, fmt.Errorf("%s: only zip archives are read", path)
	}
	z, err := zip.OpenReader(path)
	if err != nil {
		return nil, err
	}
	defer z.Close()
	bins := map[string]*buildinfo.BuildInfo{}
	for _, f := range z.File {
		if f.FileInfo().IsDir() {
			continue
		}
		r, err := f.Open()
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %v", path, f.Name, err)
		}
		b, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %v", path, f.Name, err)
		}
		if info, err := buildinfo.Read(bytes.NewReader(b)); err == nil {
			bins[f.Name] = info
		}
	}
	return bins, nil
}

func keys(m map[string]bool) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
