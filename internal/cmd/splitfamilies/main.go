// Command splitfamilies moves the files of the flat internal/provider
// package into a package per family, changing no logic: it is the script
// behind the move commits, kept so the move can be reviewed and re-run.
//
// It reads a plan (one line a file: "<file> <package>", a package being a
// folder under internal/provider, or "." for internal/provider itself),
// type-checks internal/provider with its tests and every package that
// imports it, and then:
//   - exports each unexported identifier (package-level name, field or
//     method) that a file uses across the new package boundaries, renaming
//     it at its declaration and at every use (Foo for foo);
//   - qualifies each use of a package-level name declared in another new
//     package (kind.Foo for foo), adding the import;
//   - moves each file with git mv and writes its new package clause
//     (an external test file, package provider_test, becomes <pkg>_test).
//
// With -analyze it only prints, per pair of new packages, the names one
// uses of the other, which shows the cycles a plan would make.
//
// Usage: go run ./internal/cmd/splitfamilies [-analyze] PLAN
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/imports"
)

const (
	module  = "github.com/cpaas-dev/terraform-provider-cpaas"
	provDir = "internal/provider"
	provPkg = module + "/" + provDir
)

// unit is one package after the move: a folder ("." is internal/provider)
// and whether it is the folder's external test package.
type unit struct {
	dir      string
	external bool
}

func (u unit) name() string {
	n := "provider"
	if u.dir != "." {
		n = filepath.Base(u.dir)
	}
	if u.external {
		n += "_test"
	}
	return n
}

func (u unit) importPath() string {
	if u.dir == "." {
		return provPkg
	}
	return provPkg + "/" + u.dir
}

// edit replaces [off, off+n) of a file with text.
type edit struct {
	off, n int
	text   string
}

func main() {
	analyze := flag.Bool("analyze", false, "print the names each new package uses of another, and change nothing")
	decls := flag.String("decls", "", "move the declarations this file lists between files of internal/provider, and do nothing else")
	flag.Parse()
	if *decls != "" {
		if err := moveDecls(provDir, *decls); err != nil {
			fail(err)
		}
		return
	}
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: splitfamilies [-analyze] PLAN")
		os.Exit(2)
	}
	plan, err := readPlan(flag.Arg(0))
	if err != nil {
		fail(err)
	}
	cfg := &packages.Config{
		Mode:  packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports | packages.NeedDeps,
		Tests: true,
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		fail(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		fail(fmt.Errorf("the packages do not type-check"))
	}
	// The variants to rewrite: every package's test variant (it holds all
	// its files) or, for a package without tests, the package itself.
	seenFile := map[string]bool{}
	var work []*packages.Package
	sort.Slice(pkgs, func(i, j int) bool { return len(pkgs[i].ID) > len(pkgs[j].ID) })
	for _, p := range pkgs {
		if strings.HasSuffix(p.ID, ".test") || p.Types == nil {
			continue
		}
		fresh := false
		for _, f := range p.CompiledGoFiles {
			if !seenFile[f] {
				fresh = true
			}
		}
		if !fresh {
			continue
		}
		for _, f := range p.CompiledGoFiles {
			seenFile[f] = true
		}
		work = append(work, p)
		if os.Getenv("SPLIT_DEBUG") != "" {
			fmt.Fprintln(os.Stderr, "work:", p.ID, p.PkgPath, len(p.Syntax))
		}
	}

	root, _ := os.Getwd()
	// unitOf names the new package of a file of internal/provider, or
	// false for a file elsewhere.
	unitOf := func(file string, pkgName string) (unit, bool) {
		rel, err := filepath.Rel(root, file)
		if err != nil || filepath.Dir(rel) != provDir {
			return unit{}, false
		}
		dir, ok := plan[filepath.Base(rel)]
		if !ok {
			fail(fmt.Errorf("the plan does not place %s", rel))
		}
		return unit{dir: dir, external: pkgName == "provider_test"}, true
	}

	fset := token.NewFileSet()
	_ = fset
	// home: the new package of each declaration of internal/provider, by
	// its position.
	type declInfo struct {
		u    unit
		obj  types.Object
		pkgN string
	}
	home := map[token.Position]declInfo{}
	for _, p := range work {
		if !strings.HasPrefix(p.PkgPath, provPkg) || p.PkgPath != provPkg && p.PkgPath != provPkg+"_test" {
			continue
		}
		for id, obj := range p.TypesInfo.Defs {
			if obj == nil {
				continue
			}
			pos := p.Fset.Position(id.Pos())
			u, ok := unitOf(pos.Filename, p.Name)
			if !ok {
				continue
			}
			home[pos] = declInfo{u: u, obj: obj, pkgN: p.Name}
		}
	}
	posOf := func(p *packages.Package, obj types.Object) token.Position {
		return p.Fset.Position(obj.Pos())
	}
	origin := func(obj types.Object) types.Object {
		switch o := obj.(type) {
		case *types.Var:
			return o.Origin()
		case *types.Func:
			return o.Origin()
		}
		return obj
	}
	// A use that crosses: the object is declared in internal/provider
	// (at package level, or a field or method), and used from another
	// new package.
	type crossing struct {
		from, to unit
		name     string
	}
	crossings := map[crossing]int{}
	rename := map[token.Position]string{} // declaration -> new name
	type use struct {
		p    *packages.Package
		id   *ast.Ident
		decl token.Position
		u    unit // the new package of the using file
		qual bool // a package-level name: qualify when it crosses
	}
	var uses []use
	isPkgLevel := func(obj types.Object) bool {
		return obj.Parent() != nil && obj.Pkg() != nil && obj.Parent() == obj.Pkg().Scope()
	}
	unitOfPkgFile := map[string]unit{}
	for _, p := range work {
		for i, f := range p.Syntax {
			file := p.CompiledGoFiles[i]
			u, inProv := unitOf(file, p.Name)
			if inProv {
				unitOfPkgFile[file] = u
			}
			ast.Inspect(f, func(n ast.Node) bool {
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				obj := p.TypesInfo.Uses[id]
				if obj == nil {
					obj = p.TypesInfo.Defs[id]
					if obj == nil {
						return true
					}
				}
				obj = origin(obj)
				if obj.Pkg() == nil {
					return true
				}
				dp := posOf(p, obj)
				d, ok := home[dp]
				if !ok {
					return true
				}
				switch obj.(type) {
				case *types.PkgName, *types.Label:
					return true
				}
				if !isPkgLevel(obj) {
					// fields and methods only
					if v, ok := obj.(*types.Var); ok && !v.IsField() {
						return true
					}
					if _, ok := obj.(*types.Const); ok {
						return true
					}
					if tn, ok := obj.(*types.TypeName); ok && !tn.IsAlias() && tn.Parent() != tn.Pkg().Scope() {
						return true
					}
				}
				uu := u
				if !inProv {
					uu = unit{dir: "outside:" + p.PkgPath}
				}
				uses = append(uses, use{p: p, id: id, decl: dp, u: uu, qual: isPkgLevel(obj)})
				if uu != d.u {
					crossings[crossing{from: uu, to: d.u, name: obj.Name()}]++
					if !obj.Exported() {
						rename[dp] = exported(obj.Name())
					}
				}
				return true
			})
		}
	}
	if *analyze {
		type pair struct{ from, to string }
		byPair := map[pair][]string{}
		for c := range crossings {
			k := pair{c.from.name() + "(" + c.from.dir + ")", c.to.name() + "(" + c.to.dir + ")"}
			byPair[k] = append(byPair[k], c.name)
		}
		var keys []pair
		for k := range byPair {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			if keys[i].from != keys[j].from {
				return keys[i].from < keys[j].from
			}
			return keys[i].to < keys[j].to
		})
		for _, k := range keys {
			names := byPair[k]
			sort.Strings(names)
			fmt.Printf("%s -> %s: %d: %s\n", k.from, k.to, len(names), strings.Join(names, " "))
		}
		fmt.Printf("renames: %d\n", len(rename))
		return
	}
	// Embedded fields follow their type, and the type its embedded
	// fields: they are one name.
	for _, p := range work {
		for id, obj := range p.TypesInfo.Defs {
			v, ok := obj.(*types.Var)
			if !ok || !v.Embedded() {
				continue
			}
			t := v.Type()
			if ptr, ok := t.(*types.Pointer); ok {
				t = ptr.Elem()
			}
			named, ok := t.(*types.Named)
			if !ok {
				continue
			}
			tp := posOf(p, named.Origin().Obj())
			fp := p.Fset.Position(id.Pos())
			if n, ok := rename[tp]; ok {
				rename[fp] = n
			}
			if n, ok := rename[fp]; ok {
				rename[tp] = n
			}
		}
	}
	// Methods of the same name as an interface's method that is renamed
	// are renamed too, and the other way round, so every type still
	// implements what it did.
	methodNames := map[string]bool{}
	for dp, n := range rename {
		if d := home[dp]; d.obj != nil {
			if _, ok := d.obj.(*types.Func); ok {
				methodNames[d.obj.Name()] = true
			}
		}
		_ = n
	}
	for dp, d := range home {
		f, ok := d.obj.(*types.Func)
		if !ok || !methodNames[f.Name()] {
			continue
		}
		// A method of a type or of an interface.
		if sig, ok := f.Type().(*types.Signature); ok && sig.Recv() != nil {
			rename[dp] = exported(f.Name())
		}
	}
	// Collisions: a new name that is already taken in its package.
	taken := map[unit]map[string]bool{}
	for _, d := range home {
		if isPkgLevel(d.obj) {
			if taken[d.u] == nil {
				taken[d.u] = map[string]bool{}
			}
			taken[d.u][d.obj.Name()] = true
		}
	}
	bad := false
	for dp, n := range rename {
		d := home[dp]
		if isPkgLevel(d.obj) && taken[d.u][n] {
			fmt.Fprintf(os.Stderr, "%s: %s would become %s, which %s already declares\n", dp, d.obj.Name(), n, d.u.name())
			bad = true
		}
	}
	if bad {
		os.Exit(1)
	}

	// The edits, per file.
	edits := map[string][]edit{}
	imports := map[string]map[string]string{} // file -> import path -> name
	done := map[token.Position]bool{}
	for _, us := range uses {
		pos := us.p.Fset.Position(us.id.Pos())
		if done[pos] {
			continue
		}
		done[pos] = true
		d := home[us.decl]
		name := us.id.Name
		if n, ok := rename[us.decl]; ok {
			name = n
		}
		text := name
		if us.qual && us.u != d.u && !isSelected(us.p, us.id) {
			text = d.u.name() + "." + name
			if imports[pos.Filename] == nil {
				imports[pos.Filename] = map[string]string{}
			}
			imports[pos.Filename][d.u.importPath()] = d.u.name()
		}
		if isSelected(us.p, us.id) && us.qual {
			// provider.X from outside: the qualifier is the selector's X.
			sel := selectorOf(us.p, us.id)
			if x, ok := sel.X.(*ast.Ident); ok && d.u.dir != "." {
				xp := us.p.Fset.Position(x.Pos())
				edits[xp.Filename] = append(edits[xp.Filename], edit{off: xp.Offset, n: len(x.Name), text: d.u.name()})
				if imports[xp.Filename] == nil {
					imports[xp.Filename] = map[string]string{}
				}
				imports[xp.Filename][d.u.importPath()] = d.u.name()
			}
		}
		if text != us.id.Name {
			edits[pos.Filename] = append(edits[pos.Filename], edit{off: pos.Offset, n: len(us.id.Name), text: text})
		}
	}
	// Apply: edit each file in place, then move the files of
	// internal/provider and set their package clause.
	var files []string
	for f := range seenFile {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		if !strings.HasSuffix(f, ".go") {
			continue
		}
		es := edits[f]
		imp := imports[f]
		u, moving := unitOfPkgFile[f]
		if len(es) == 0 && len(imp) == 0 && (!moving || u.dir == ".") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			fail(err)
		}
		sort.Slice(es, func(i, j int) bool { return es[i].off > es[j].off })
		for i, e := range es {
			if i > 0 && es[i-1].off == e.off {
				continue
			}
			src = append(src[:e.off:e.off], append([]byte(e.text), src[e.off+e.n:]...)...)
		}
		if moving && u.dir != "." {
			src = setPackage(src, u.name())
		}
		if len(imp) > 0 {
			src, err = addImports(f, src, imp)
			if err != nil {
				fail(fmt.Errorf("%s: %w", f, err))
			}
		}
		dst := f
		if moving && u.dir != "." {
			dst = filepath.Join(root, provDir, u.dir, filepath.Base(f))
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				fail(err)
			}
			run("git", "mv", f, dst)
		}
		if err := os.WriteFile(dst, src, 0o644); err != nil {
			fail(err)
		}
	}
	fmt.Printf("renamed %d names; edited %d files\n", len(rename), len(edits))
}

func isSelected(p *packages.Package, id *ast.Ident) bool { return selectorOf(p, id) != nil }

// selectorOf returns the selector expression whose Sel is id, if any.
var selectors = map[*ast.Ident]*ast.SelectorExpr{}
var indexed = map[*packages.Package]bool{}

func selectorOf(p *packages.Package, id *ast.Ident) *ast.SelectorExpr {
	if !indexed[p] {
		indexed[p] = true
		for _, f := range p.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				if s, ok := n.(*ast.SelectorExpr); ok {
					selectors[s.Sel] = s
				}
				return true
			})
		}
	}
	return selectors[id]
}

func exported(name string) string {
	r := []rune(name)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

func setPackage(src []byte, name string) []byte {
	lines := bytes.Split(src, []byte("\n"))
	for i, l := range lines {
		if bytes.HasPrefix(l, []byte("package ")) {
			lines[i] = []byte("package " + name)
			break
		}
	}
	return bytes.Join(lines, []byte("\n"))
}

func addImports(name string, src []byte, imp map[string]string) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	for path, n := range imp {
		if path == provPkg {
			astutil.AddImport(fset, f, path)
		} else {
			astutil.AddImport(fset, f, path)
		}
		_ = n
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, f); err != nil {
		return nil, err
	}
	imports.LocalPrefix = module
	return imports.Process(name, buf.Bytes(), &imports.Options{Comments: true, TabIndent: true, TabWidth: 8})
}

func readPlan(name string) (map[string]string, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	plan := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 2 {
			return nil, fmt.Errorf("plan line %q: want <file> <package>", line)
		}
		plan[fields[0]] = fields[1]
	}
	return plan, sc.Err()
}

func run(name string, args ...string) {
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		fail(fmt.Errorf("%s %v: %w", name, args, err))
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "splitfamilies:", err)
	os.Exit(1)
}
