package main

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/imports"
)

// moveDecls carries out a list of declaration moves inside the flat
// package (one line a move: "<from file> <name> <to file>", the name of a
// method as Type.method), so that each file holds one family before the
// files move. The text moves as it is, with its doc comment; the file it
// goes to takes the imports of the file it comes from, and each file then
// keeps only the imports it uses.
func moveDecls(dir, list string) error {
	f, err := os.Open(list)
	if err != nil {
		return err
	}
	defer f.Close()
	type mv struct{ from, name, to string }
	var moves []mv
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) != 3 {
			return fmt.Errorf("move %q: want <from> <name> <to>", line)
		}
		moves = append(moves, mv{fs[0], fs[1], fs[2]})
	}
	touched := map[string]bool{}
	for _, m := range moves {
		from, to := filepath.Join(dir, m.from), filepath.Join(dir, m.to)
		src, err := os.ReadFile(from)
		if err != nil {
			return err
		}
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, from, src, parser.ParseComments)
		if err != nil {
			return err
		}
		start, end := -1, -1
		for _, d := range file.Decls {
			if declName(d) != m.name {
				continue
			}
			s := d.Pos()
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Doc != nil {
					s = d.Doc.Pos()
				}
			case *ast.GenDecl:
				if d.Doc != nil {
					s = d.Doc.Pos()
				}
			}
			start, end = fset.Position(s).Offset, fset.Position(d.End()).Offset
		}
		if start < 0 {
			return fmt.Errorf("%s declares no %s", m.from, m.name)
		}
		// The rest of the last line (a trailing comment) goes too.
		if nl := bytes.IndexByte(src[end:], '\n'); nl >= 0 {
			end += nl + 1
		} else {
			end = len(src)
		}
		text := append([]byte(nil), src[start:end]...)
		rest := append(append([]byte(nil), src[:start]...), src[end:]...)
		if err := os.WriteFile(from, rest, 0o644); err != nil {
			return err
		}
		dst, err := os.ReadFile(to)
		if os.IsNotExist(err) {
			dst = []byte("package " + file.Name.Name + "\n")
		} else if err != nil {
			return err
		}
		dst = append(append(dst, '\n'), text...)
		dfset := token.NewFileSet()
		dfile, err := parser.ParseFile(dfset, to, dst, parser.ParseComments)
		if err != nil {
			return fmt.Errorf("%s after the move of %s: %w", m.to, m.name, err)
		}
		for _, is := range file.Imports {
			path := strings.Trim(is.Path.Value, `"`)
			if is.Name != nil {
				astutil.AddNamedImport(dfset, dfile, is.Name.Name, path)
			} else {
				astutil.AddImport(dfset, dfile, path)
			}
		}
		var buf bytes.Buffer
		if err := formatFile(&buf, dfset, dfile); err != nil {
			return err
		}
		if err := os.WriteFile(to, buf.Bytes(), 0o644); err != nil {
			return err
		}
		touched[from], touched[to] = true, true
	}
	imports.LocalPrefix = module
	// Drop the imports each touched file no longer uses (nothing is
	// added: every name a file uses was imported where it came from).
	for name := range touched {
		src, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		out, err := imports.Process(name, src, &imports.Options{Comments: true, TabIndent: true, TabWidth: 8, FormatOnly: false})
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if err := os.WriteFile(name, out, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func declName(d ast.Decl) string {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv != nil && len(d.Recv.List) == 1 {
			t := d.Recv.List[0].Type
			if s, ok := t.(*ast.StarExpr); ok {
				t = s.X
			}
			if ix, ok := t.(*ast.IndexExpr); ok {
				t = ix.X
			}
			if ix, ok := t.(*ast.IndexListExpr); ok {
				t = ix.X
			}
			if id, ok := t.(*ast.Ident); ok {
				return id.Name + "." + d.Name.Name
			}
		}
		return d.Name.Name
	case *ast.GenDecl:
		if len(d.Specs) != 1 {
			return ""
		}
		switch s := d.Specs[0].(type) {
		case *ast.TypeSpec:
			return s.Name.Name
		case *ast.ValueSpec:
			if len(s.Names) == 1 {
				return s.Names[0].Name
			}
		}
	}
	return ""
}

func formatFile(buf *bytes.Buffer, fset *token.FileSet, f *ast.File) error {
	return format.Node(buf, fset, f)
}
