package emulator

import (
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// decodeExempt are the decodes on API routes whose target is not a wire
// shape, by the function that decodes and what it decodes into, with the
// reason. A request shape lives in internal/wire, for the client and the
// emulator; these read what no shape of the client describes.
var decodeExempt = map[string]string{
	// The send body is messagerules.Message, which the client sends and the
	// message rules check: decoded raw first so a body that is not an
	// object gets the service's words.
	"decodeMessage json.RawMessage": "the send body is messagerules.Message, shared in its rules package",
	// A document's data fields are kept raw so that a field its type does
	// not have is ignored whatever its JSON type; the shape is
	// wire.ComplianceData once resolved.
	"complianceParts *complianceDataIn": "data fields of any JSON type, resolved into wire.ComplianceData",
	// A compliance document is a multipart form; the JSON object of its
	// fields is the emulator's leniency for clients that send no file.
	"readDocumentForm map[string]json.RawMessage": "a multipart form's fields sent as a JSON object",
}

// TestAPIHandlersDecodeWireShapes reads the emulator's source: every body
// an API route decodes (c.decode, in the handler or a function it calls)
// goes into a shape of package wire, or into struct{} on a route that
// takes no fields. Control routes (not in areas) are the emulator's own
// and exempt; so are the decodes decodeExempt lists.
func TestAPIHandlersDecodeWireShapes(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	funcs := map[string][]*ast.FuncDecl{}
	var areasLit *ast.CompositeLit
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				funcs[d.Name.Name] = append(funcs[d.Name.Name], d)
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					if vs, ok := spec.(*ast.ValueSpec); ok && len(vs.Names) == 1 && vs.Names[0].Name == "areas" {
						areasLit, _ = vs.Values[0].(*ast.CompositeLit)
					}
				}
			}
		}
	}
	if areasLit == nil {
		t.Fatal("no areas list found in the emulator's source")
	}

	// The handlers of the API routes: the third argument of each r(...) in
	// the route functions areas names (a method value, or a call that
	// makes the handler).
	var handlers []string
	for _, el := range areasLit.Elts {
		row, ok := el.(*ast.CompositeLit)
		if !ok || len(row.Elts) == 0 {
			t.Fatalf("areas entry %s is not {routes, inventory, state}", render(fset, el))
		}
		sel, ok := row.Elts[0].(*ast.SelectorExpr)
		if !ok {
			t.Fatalf("areas entry %s does not name its routes as (*Server).xRoutes", render(fset, el))
		}
		for _, fd := range funcs[sel.Sel.Name] {
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok && isIdent(call.Fun, "r") && len(call.Args) == 3 {
					if name := calleeName(call.Args[2]); name != "" {
						handlers = append(handlers, name)
					} else {
						t.Errorf("%s: route handler %s is neither s.handler nor s.makeHandler(...)", sel.Sel.Name, render(fset, call.Args[2]))
					}
				}
				return true
			})
		}
	}
	if len(handlers) < 100 {
		t.Fatalf("found %d API route handlers; the walk of the source lost its way", len(handlers))
	}

	// Every decode reachable from a handler, through the package's own
	// functions (by name: a name two types share is walked for both).
	type site struct{ fn, target string }
	seen := map[string]bool{}
	var sites []site
	var walk func(name string)
	walk = func(name string) {
		if seen[name] || name == "decode" {
			return
		}
		seen[name] = true
		for _, fd := range funcs[name] {
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "decode" && len(call.Args) == 1 {
					sites = append(sites, site{name, decodeTarget(fset, fd, call.Args[0])})
				}
				if callee := calleeName(call.Fun); callee != "" {
					walk(callee)
				}
				return true
			})
		}
	}
	for _, h := range handlers {
		walk(h)
	}
	if len(sites) < 25 {
		t.Fatalf("found %d decodes on API routes; the walk of the source lost its way", len(sites))
	}

	used := map[string]bool{}
	for _, s := range sites {
		key := s.fn + " " + s.target
		switch {
		case strings.HasPrefix(s.target, "wire.") || strings.HasPrefix(s.target, "*wire."):
		case s.target == "struct{}" || s.target == "*struct{}":
			// Takes no fields: decode only checks the body is JSON.
		case decodeExempt[key] != "":
			used[key] = true
		default:
			t.Errorf("%s decodes an API request into %s: decode it into the wire shape the client sends (internal/wire), "+
				"giving the shape a way to carry presence (wire.Keys) where the handler must tell a field left out from one sent empty", s.fn, s.target)
		}
	}
	for key := range decodeExempt {
		if !used[key] {
			t.Errorf("decodeExempt lists %q, which no API route decodes any more: remove it", key)
		}
	}
}

// calleeName is the name of the package function or method e calls or
// names (f, s.f, c.f; s.f(...) for a call that makes a handler), or "".
func calleeName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		if x, ok := e.X.(*ast.Ident); ok && slices.Contains([]string{"s", "c", "srv", "a"}, x.Name) {
			return e.Sel.Name
		}
	case *ast.CallExpr:
		return calleeName(e.Fun)
	case *ast.IndexExpr: // a generic function instantiated
		return calleeName(e.X)
	}
	return ""
}

// decodeTarget is the type arg points to, as written: &x or x of a
// variable or parameter declared in fd with its type, or &T{}.
func decodeTarget(fset *token.FileSet, fd *ast.FuncDecl, arg ast.Expr) string {
	pointer := false
	if u, ok := arg.(*ast.UnaryExpr); ok && u.Op == token.AND {
		arg = u.X
	} else {
		pointer = true // x itself: its type is the pointer
	}
	if lit, ok := arg.(*ast.CompositeLit); ok {
		return render(fset, lit.Type)
	}
	id, ok := arg.(*ast.Ident)
	if !ok {
		return "an expression (" + render(fset, arg) + "): decode into a variable declared with its wire type"
	}
	var typ ast.Expr
	find := func(names []*ast.Ident, t ast.Expr) {
		for _, n := range names {
			if n.Name == id.Name && t != nil {
				typ = t
			}
		}
	}
	for _, p := range fd.Type.Params.List {
		find(p.Names, p.Type)
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok {
			find(vs.Names, vs.Type)
		}
		return true
	})
	if typ == nil {
		return id.Name + " of no declared type: declare it var " + id.Name + " wire.T"
	}
	s := strings.Join(strings.Fields(render(fset, typ)), " ")
	if strings.HasPrefix(s, "struct {") && s != "struct {}" {
		s = "a struct of its own (" + s + ")"
	}
	if pointer && !strings.HasPrefix(s, "*") {
		return "non-pointer " + s
	}
	return s
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

func render(fset *token.FileSet, n ast.Node) string {
	var b strings.Builder
	_ = printer.Fprint(&b, fset, n)
	return b.String()
}
