package main

import (
	"bufio"
	"bytes"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/gctune"
)

// Every ```terraform and ```hcl block of docs/ is checked as a reader
// copies it.
//
// The rule that tells a whole configuration from a fragment, on the
// block's own text (docBlock.classify):
//
//   - A block with a top-level `terraform` or `provider` block says it is a
//     whole configuration: it is one, whatever it references. But a child
//     module's file (its required_providers has configuration_aliases)
//     cannot run alone: it must be a file of examples/guides, and the
//     configurations that call it validate it (they get the guide's
//     folder, below).
//   - Otherwise it is one when every reference in it (var.x, local.x,
//     data.t.n, module.n, action.t.n, ephemeral.t.n, t.n of a resource, a
//     provider alias) names something the block itself declares. Addresses
//     that name no object of the configuration (removed.from, moved.from,
//     lifecycle.ignore_changes, action_trigger.events and on_failure, variable types) are
//     not references.
//   - A block of `run` blocks is a test file (.tftest.hcl), not a
//     configuration. When the paragraph before it names its file
//     (tests/x.tftest.hcl), it is written there beside the page's last
//     whole configuration before it, whose `terraform validate` validates
//     it too. A test file that names no file, or follows no configuration,
//     fails.
//   - Every other block is a fragment (an import of a resource declared
//     elsewhere, a resource shown in part). It is parsed, the types it names
//     must be the provider's, and what it references must be declared by a
//     whole configuration before it on its page (a typo in a name fails,
//     rather than turning a configuration into a fragment). A fragment that
//     declares nothing that configuration does is added to it, as a second
//     file, and validated there; one that restates an object of it (the
//     same resource with a new password) is checked so far only.
//
// Whole configurations are written, exactly as copied, into a folder of
// their own (main.tf; main.tfquery.hcl for a query: `list` blocks), and
// `terraform init -backend=false` and `terraform validate` (`validate
// -query` for a query) run there. A block that does not name the provider's
// source itself is what a reader adds to a configuration that does: the
// folder gets that terraform block in a second file, as `make
// validate-examples` does for the examples. A configuration that reads
// files beside it (a local module's folder, "${path.module}/x") gets them
// from the guide's folder in examples/guides that holds the block as a file
// (quoted in full), and only when the page's prose names each: a reader
// learns it there. Init installs the provider as a reader's does after
// `make install-local`: from a filesystem mirror holding what that target
// builds, in a temporary folder (never the developer's home), with a
// temporary HOME, a CLI configuration naming that mirror and no registry,
// and none of the developer's TF_*, CPAAS_* and CHECKPOINT_* variables.
//
// The counts (blocks, whole configurations, test files, fragments) are
// logged, and TestDocsBlocksParse fails when the rule validates less than
// two thirds of the blocks, or leaves a guide without a whole configuration
// (but the few that quote no HCL at all: guidesWithoutConfiguration).

// docBlock is one fenced HCL block of a docs page.
type docBlock struct {
	page   string // docs/...md
	line   int    // of the opening fence
	text   string // as a reader copies it (the fence's indentation removed)
	before string // the paragraph before the block

	file *hcl.File // parsed
	// Set by classify.
	whole      bool
	query      bool     // list blocks: a .tfquery.hcl file
	testFile   bool     // run blocks: a .tftest.hcl file
	module     bool     // a child module's file (configuration_aliases): its callers validate it
	needs114   bool     // actions, list blocks, import by identity, action_trigger
	namesOwn   bool     // names source cpaas-dev/cpaas itself
	unresolved []string // what a fragment references and does not declare
	declared   map[string]bool
	// What the configuration reads from its folder: local module sources
	// and files of ${path.module}/...; the page names each, and the test
	// copies them from the guide's folder in examples/guides.
	reads []string
}

func (b docBlock) String() string { return fmt.Sprintf("%s:%d", b.page, b.line) }

var fenceOpen = regexp.MustCompile("^(\\s*)```(terraform|hcl|tf)\\s*$")

// docBlocks reads every ```terraform and ```hcl block of docs/**/*.md.
func docBlocks(t *testing.T) []*docBlock {
	t.Helper()
	var blocks []*docBlock
	err := filepath.WalkDir("docs", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		n := 0
		var cur *docBlock
		var indent, para string // para: the last paragraph read
		gap := false
		for sc.Scan() {
			n++
			line := sc.Text()
			if cur == nil {
				if m := fenceOpen.FindStringSubmatch(line); m != nil {
					cur, indent = &docBlock{page: filepath.ToSlash(p), line: n, before: para}, m[1]
				} else if strings.TrimSpace(line) == "" {
					gap = true
				} else {
					if gap {
						para, gap = "", false
					}
					para += line + "\n"
				}
				continue
			}
			if strings.TrimSpace(line) == "```" {
				blocks = append(blocks, cur)
				cur, para = nil, ""
				continue
			}
			cur.text += strings.TrimPrefix(line, indent) + "\n"
		}
		if cur != nil {
			t.Errorf("%s: the block is never closed", cur)
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range blocks {
		// Positions in errors are the page's lines.
		f, diags := hclsyntax.ParseConfig([]byte(b.text), b.page, hcl.Pos{Line: b.line + 1, Column: 1})
		if diags.HasErrors() {
			t.Errorf("%s: the block does not parse: %s", b, diags.Error())
			continue
		}
		b.file = f
		b.classify()
	}
	return blocks
}

// testFileName matches the name a paragraph gives the test file after it.
var testFileName = regexp.MustCompile("`((?:tests/)?[a-z0-9_-]+\\.tftest\\.hcl)`")

// readsFile matches a file a configuration reads from its own folder.
var readsFile = regexp.MustCompile(`\$\{path\.module\}/([^"}$]+)"`)

var requiredVersion114 = regexp.MustCompile(`required_version\s*=\s*">=\s*1\.1[4-9]`)

// classify sets what the rule above says of b.
func (b *docBlock) classify() {
	body := b.file.Body.(*hclsyntax.Body)
	declared := map[string]bool{}
	states := false // a terraform or provider block
	for _, blk := range body.Blocks {
		l := blk.Labels
		switch blk.Type {
		case "terraform":
			states = true
			if rp := childBlocks(blk.Body, "required_providers"); len(rp) > 0 && strings.Contains(string(blk.Range().SliceBytes([]byte(b.text))), `"cpaas-dev/cpaas"`) {
				b.namesOwn = true
				b.module = strings.Contains(string(blk.Range().SliceBytes([]byte(b.text))), "configuration_aliases")
			}
		case "provider":
			states = true
			if a, ok := blk.Body.Attributes["alias"]; ok {
				if v, d := a.Expr.Value(nil); !d.HasErrors() && v.Type().FriendlyName() == "string" {
					declared[l[0]+"."+v.AsString()] = true
				}
			}
		case "resource":
			declared[l[0]+"."+l[1]] = true
		case "data":
			declared["data."+l[0]+"."+l[1]] = true
		case "ephemeral":
			declared["ephemeral."+l[0]+"."+l[1]] = true
		case "action":
			b.needs114 = true
			declared["action."+l[0]+"."+l[1]] = true
		case "list":
			b.query, b.needs114 = true, true
		case "run":
			b.testFile = true
		case "variable":
			declared["var."+l[0]] = true
		case "module":
			declared["module."+l[0]] = true
		case "locals":
			for name := range blk.Body.Attributes {
				declared["local."+name] = true
			}
		case "import":
			if _, ok := blk.Body.Attributes["identity"]; ok {
				b.needs114 = true
			}
		}
	}
	if requiredVersion114.MatchString(b.text) {
		b.needs114 = true
	}
	unresolved := map[string]bool{}
	walkRefs(body, nil, func(at []string, tr hcl.Traversal) {
		if ref, ok := undeclared(at, tr, declared); ok {
			unresolved[ref] = true
		}
	}, func(_ []string, blk *hclsyntax.Block) {
		if blk.Type == "action_trigger" {
			b.needs114 = true
		}
		if blk.Type == "module" {
			if a, ok := blk.Body.Attributes["source"]; ok {
				if v, d := a.Expr.Value(nil); !d.HasErrors() && (strings.HasPrefix(v.AsString(), "./") || strings.HasPrefix(v.AsString(), "../")) {
					b.reads = append(b.reads, path.Clean(v.AsString()))
				}
			}
		}
	})
	for _, m := range readsFile.FindAllStringSubmatch(b.text, -1) {
		b.reads = append(b.reads, path.Clean(m[1]))
	}
	b.declared = declared
	for ref := range unresolved {
		b.unresolved = append(b.unresolved, ref)
	}
	sort.Strings(b.unresolved)
	b.whole = !b.testFile && !b.module && (states || len(b.unresolved) == 0)
}

func childBlocks(body *hclsyntax.Body, typ string) []*hclsyntax.Block {
	var out []*hclsyntax.Block
	for _, blk := range body.Blocks {
		if blk.Type == typ {
			out = append(out, blk)
		}
	}
	return out
}

// walkRefs calls ref for every traversal of every attribute of body and its
// nested blocks (path: the block types and attribute name above it), and
// block for every block.
func walkRefs(body *hclsyntax.Body, path []string, ref func([]string, hcl.Traversal), block func([]string, *hclsyntax.Block)) {
	for name, a := range body.Attributes {
		p := append(slices.Clone(path), name)
		for _, tr := range a.Expr.Variables() {
			ref(p, tr)
		}
	}
	for _, blk := range body.Blocks {
		block(path, blk)
		walkRefs(blk.Body, append(slices.Clone(path), blk.Type), ref, block)
	}
}

// Attributes whose traversals are not references to declared objects:
// lifecycle keywords and addresses a block moves, forgets or names.
var notReferences = map[string]bool{
	"lifecycle.ignore_changes":            true,
	"lifecycle.action_trigger.events":     true,
	"lifecycle.action_trigger.on_failure": true,
	"removed.from":                        true,
	"moved.from":                          true,
	"variable.type":                       true,
}

// undeclared returns the reference tr makes when the block does not declare
// what it names.
func undeclared(path []string, tr hcl.Traversal, declared map[string]bool) (string, bool) {
	joined := strings.Join(path, ".")
	for k := range notReferences {
		if joined == k || strings.HasSuffix(joined, "."+k) {
			return "", false
		}
	}
	parts := []string{tr.RootName()}
	for _, step := range tr[1:] {
		if a, ok := step.(hcl.TraverseAttr); ok {
			parts = append(parts, a.Name)
		} else {
			break
		}
	}
	name := func(n int) string {
		if len(parts) < n {
			return strings.Join(parts, ".")
		}
		return strings.Join(parts[:n], ".")
	}
	if path[len(path)-1] == "provider" || path[len(path)-1] == "providers" {
		// provider = cpaas or cpaas.alias (providers = { x = cpaas.alias }).
		if len(parts) == 1 || declared[name(2)] {
			return "", false
		}
		return name(2), true
	}
	switch parts[0] {
	case "each", "count", "self", "path", "terraform", "output", "run":
		return "", false // meta references (output and run: in test files)
	case "var", "local", "module":
		return name(2), !declared[name(2)]
	case "data", "ephemeral", "action":
		return name(3), !declared[name(3)]
	}
	if len(parts) >= 2 {
		return name(2), !declared[name(2)]
	}
	// A bare name: an iterator of a dynamic block or a function's argument
	// is not a traversal Variables reports, so this is an unknown name.
	return parts[0], true
}

// guidesWithoutConfiguration are the guides that quote no HCL at all:
// their steps are commands (the standalone emulator, the acceptance tests
// against an account, what to run after an interrupted apply).
var guidesWithoutConfiguration = []string{"cpaas-emulator", "interrupted-applies", "testing-against-your-own-account"}

// TestDocsBlocksParse: every HCL block of docs/ parses, the rule finds
// whole configurations in most pages with any, every guide with a
// configuration has a whole one, and every resource, data source,
// ephemeral resource, action and list type a block names is one of the
// provider's (its docs page exists).
func TestDocsBlocksParse(t *testing.T) {
	blocks := docBlocks(t)
	whole, fragments, own := 0, 0, 0
	byPage := map[string]int{}
	for _, b := range blocks {
		if b.file == nil {
			continue
		}
		if b.module {
			// Validated by the configurations that call it, which copy
			// the guide's folder: it must be a file of one.
			if !isGuideFile(b.text) {
				t.Errorf("%s: a child module (configuration_aliases), and no file of examples/guides: no configuration that calls it validates it", b)
			}
			checkTypesExist(t, b)
			continue
		}
		if b.whole {
			whole++
			byPage[b.page]++
			if b.namesOwn {
				own++
			}
		} else {
			fragments++
			if testing.Verbose() {
				t.Logf("fragment %s: references %q%s", b, b.unresolved, map[bool]string{true: " (a test file)"}[b.testFile])
			}
		}
		checkTypesExist(t, b)
	}
	tests, unplaced := pairTestFiles(blocks)
	for _, b := range unplaced {
		t.Errorf("%s: a test file, and the paragraph before it names no tests/x.tftest.hcl, or no configuration comes before it on the page", b)
	}
	withTests := 0
	for _, ts := range tests {
		withTests += len(ts)
	}
	inContext, restating, orphans := fragmentContexts(blocks)
	for _, b := range orphans {
		t.Errorf("%s references %q, which neither the block nor a whole configuration before it on the page declares", b, b.unresolved)
	}
	added := 0
	for _, fs := range inContext {
		added += len(fs)
	}
	t.Logf("%d HCL blocks in docs/: %d whole configurations (%d naming the provider's source themselves), "+
		"%d test files and %d fragments validated with them, %d fragments restating their objects checked against their declarations",
		len(blocks), whole, own, withTests, added, len(restating))
	if len(blocks) < 100 || whole < len(blocks)*2/3 {
		t.Errorf("%d blocks, %d of them whole configurations: the rule leaves most blocks unvalidated", len(blocks), whole)
	}
	guides, _ := filepath.Glob("docs/guides/*.md")
	if len(guides) < 15 {
		t.Fatalf("found %d guides", len(guides))
	}
	for _, g := range guides {
		name := strings.TrimSuffix(filepath.Base(g), ".md")
		quotes := slices.ContainsFunc(blocks, func(b *docBlock) bool { return b.page == g })
		switch {
		case slices.Contains(guidesWithoutConfiguration, name):
			if quotes {
				t.Errorf("%s quotes HCL now: take it off guidesWithoutConfiguration", g)
			}
		case byPage[g] == 0:
			t.Errorf("%s has no whole configuration: every guide quotes one (or, with no HCL at all, is in guidesWithoutConfiguration)", g)
		}
	}
}

// checkTypesExist fails when a block names a type the provider has no
// docs page for: a typo in a fragment's resource type, say.
func checkTypesExist(t *testing.T, b *docBlock) {
	t.Helper()
	dirs := map[string]string{"resource": "resources", "data": "data-sources", "ephemeral": "ephemeral-resources", "action": "actions", "list": "list-resources"}
	for _, blk := range b.file.Body.(*hclsyntax.Body).Blocks {
		dir, ok := dirs[blk.Type]
		if !ok || len(blk.Labels) == 0 || !strings.HasPrefix(blk.Labels[0], "cpaas_") {
			continue
		}
		page := filepath.Join("docs", dir, strings.TrimPrefix(blk.Labels[0], "cpaas_")+".md")
		if _, err := os.Stat(page); err != nil {
			t.Errorf("%s: %s %q is not one of the provider's (no %s)", b, blk.Type, blk.Labels[0], page)
		}
	}
}

// TestDocsBlocksValidate: every whole configuration that Terraform 1.11
// runs inits and validates as copied.
func TestDocsBlocksValidate(t *testing.T) { validateDocBlocks(t, false) }

// TestDocsBlocksValidate_TF114: those that need Terraform 1.14 (actions,
// queries, import by identity).
func TestDocsBlocksValidate_TF114(t *testing.T) { validateDocBlocks(t, true) }

func validateDocBlocks(t *testing.T, with114 bool) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("runs the terraform CLI: set TF_ACC=1 (make test does)")
	}
	t.Parallel()
	cli := terraformCLI(t)
	if with114 && !isTerraform114(cli) {
		t.Skipf("%s is not Terraform 1.14 or later: make test runs this with the CLI .ci/terraform/cli114.sh gives", cli)
	}
	blocks := docBlocks(t)
	tests, _ := pairTestFiles(blocks)
	inContext, _, _ := fragmentContexts(blocks)
	var todo []*docBlock
	for _, b := range blocks {
		// A configuration that itself needs 1.14 runs in that pass, with
		// all its fragments; one that does not runs in the other, with its
		// fragments that do not, and in this pass too when a fragment that
		// adds to it needs 1.14 (an import by identity).
		if !b.whole {
			continue
		}
		if b.needs114 == with114 || with114 && slices.ContainsFunc(inContext[b], func(f *docBlock) bool { return f.needs114 }) {
			todo = append(todo, b)
		}
	}
	if len(todo) < 10 {
		t.Fatalf("only %d whole configurations to validate", len(todo))
	}
	m := docsMirror(t)
	t.Logf("%d whole configurations with %s", len(todo), cli)
	for _, b := range todo {
		t.Run(strings.TrimPrefix(b.String(), "docs/"), func(t *testing.T) {
			t.Parallel()
			name := "main.tf"
			if b.query {
				name = "main.tfquery.hcl"
			}
			dir := placeReads(t, b, t.TempDir())
			write(t, filepath.Join(dir, name), b.text)
			for name, tb := range tests[b] {
				if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
					t.Fatal(err)
				}
				write(t, filepath.Join(dir, name), tb.text)
				t.Logf("with the test file %s: %s", tb, name)
			}
			if !b.namesOwn {
				write(t, filepath.Join(dir, "zz_required_providers.tf"), "terraform {\n  required_providers {\n    cpaas = { source = \"cpaas-dev/cpaas\" }\n  }\n}\n")
			}
			out, err := m.run(cli, dir, "init", "-backend=false", "-input=false", "-no-color")
			if err != nil {
				t.Fatalf("%s: terraform init of the block as copied: %v\n%s\n%s", b, err, out, b.text)
			}
			if want := "cpaas-dev/cpaas v" + m.version; !strings.Contains(out, want) {
				t.Fatalf("%s: terraform init did not install %s from the mirror:\n%s", b, want, out)
			}
			args := []string{"validate", "-no-color"}
			if b.query {
				args = append(args, "-query")
			}
			if out, err := m.run(cli, dir, args...); err != nil {
				t.Fatalf("%s: terraform %s of the block as copied: %v\n%s\n%s", b, strings.Join(args, " "), err, out, numbered(b.text))
			}
			// Then with the fragments that add to it, one at a time.
			for i, f := range inContext[b] {
				if f.needs114 != with114 && !b.needs114 {
					continue // validated in the other pass
				}
				// An import the fragment makes is another way to import what
				// the configuration imports (by identity rather than by id):
				// with the fragment, the configuration's import of the same
				// address goes.
				write(t, filepath.Join(dir, name), withoutImportsOf(t, b, importTargets(f)))
				extra := filepath.Join(dir, fmt.Sprintf("zz_fragment_%d.tf", i))
				write(t, extra, f.text)
				if out, err := m.run(cli, dir, args...); err != nil {
					t.Errorf("%s: terraform %s of the block with the fragment %s after it: %v\n%s\n%s", b, strings.Join(args, " "), f, err, out, numbered(f.text))
				} else {
					t.Logf("with the fragment %s", f)
				}
				if err := os.Remove(extra); err != nil {
					t.Fatal(err)
				}
				write(t, filepath.Join(dir, name), b.text)
			}
		})
	}
}

// pairTestFiles gives each whole configuration the test-file blocks after
// it on its page, by the file names their paragraphs give; unplaced are
// the test files without a name or a configuration before them.
func pairTestFiles(blocks []*docBlock) (tests map[*docBlock]map[string]*docBlock, unplaced []*docBlock) {
	tests = map[*docBlock]map[string]*docBlock{}
	var last *docBlock // the page's last whole configuration
	for _, b := range blocks {
		if last != nil && last.page != b.page {
			last = nil
		}
		switch {
		case b.testFile:
			m := testFileName.FindStringSubmatch(b.before)
			if m == nil || last == nil {
				unplaced = append(unplaced, b)
				continue
			}
			if tests[last] == nil {
				tests[last] = map[string]*docBlock{}
			}
			tests[last][m[1]] = b
		case b.whole:
			last = b
		}
	}
	return tests, unplaced
}

// fragmentContexts finds for each fragment the page's whole configuration
// before it that declares what it references: inContext are those added to
// it (they declare nothing it declares), restating those that restate one
// of its objects, orphans those with no such configuration.
func fragmentContexts(blocks []*docBlock) (inContext map[*docBlock][]*docBlock, restating, orphans []*docBlock) {
	inContext = map[*docBlock][]*docBlock{}
	for i, b := range blocks {
		if b.whole || b.testFile || b.module || b.file == nil {
			continue
		}
		var ctx *docBlock
		for j := i - 1; j >= 0 && blocks[j].page == b.page && ctx == nil; j-- {
			c := blocks[j]
			if c.whole && !slices.ContainsFunc(b.unresolved, func(r string) bool { return !c.declared[r] }) {
				ctx = c
			}
		}
		switch {
		case ctx == nil:
			orphans = append(orphans, b)
		case slices.ContainsFunc(slices.Collect(maps.Keys(b.declared)), func(d string) bool { return ctx.declared[d] }):
			restating = append(restating, b)
		default:
			inContext[ctx] = append(inContext[ctx], b)
		}
	}
	return inContext, restating, orphans
}

// placeReads copies into dir what b reads from its folder, from the folder
// of examples/guides whose file b quotes, after checking that the page
// tells the reader where each goes, and returns the folder b runs in.
func placeReads(t *testing.T, b *docBlock, dir string) string {
	t.Helper()
	if len(b.reads) == 0 {
		return dir
	}
	prose := pageProse(t, b.page)
	for _, r := range b.reads {
		first, _, _ := strings.Cut(r, "/")
		if !strings.Contains(prose, r) && !strings.Contains(prose, "`"+first+"/`") {
			t.Errorf("%s reads %s from its folder, and the page does not say so (name %q in its text)", b, r, r)
		}
	}
	var src string
	_ = filepath.WalkDir(filepath.Join("examples", "guides"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".tf") {
			if c, _ := os.ReadFile(p); strings.TrimSpace(string(c)) == strings.TrimSpace(b.text) {
				src = filepath.Dir(p)
			}
		}
		return err
	})
	if src == "" {
		t.Fatalf("%s reads %q from its folder, and is no file of examples/guides that would ship them", b, b.reads)
	}
	// A root module of a guide of several (large-accounts/teams/payments)
	// reads its siblings (../../modules/team): the guide's whole folder is
	// copied, and the block runs where the guide keeps it.
	if slices.ContainsFunc(b.reads, func(r string) bool { return strings.HasPrefix(r, "../") }) {
		guides := filepath.Join("examples", "guides")
		rel, _ := filepath.Rel(guides, src)
		guide, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
		copyTree(t, filepath.Join(guides, guide), dir)
		return filepath.Join(dir, strings.TrimPrefix(filepath.ToSlash(rel), guide+"/"))
	}
	for _, r := range b.reads {
		copyTree(t, filepath.Join(src, r), filepath.Join(dir, r))
	}
	return dir
}

// isGuideFile says whether text is, in full, a .tf file of examples/guides.
func isGuideFile(text string) bool {
	found := false
	_ = filepath.WalkDir(filepath.Join("examples", "guides"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".tf") {
			if c, _ := os.ReadFile(p); strings.TrimSpace(string(c)) == strings.TrimSpace(text) {
				found = true
			}
		}
		return err
	})
	return found
}

// pageProse is a page's text outside its fenced blocks.
func pageProse(t *testing.T, page string) string {
	t.Helper()
	c, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	in := false
	for _, l := range strings.Split(string(c), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			in = !in
			continue
		}
		if !in {
			sb.WriteString(l + "\n")
		}
	}
	return sb.String()
}

// copyTree copies the file or folder src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		c, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dst, rel)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), c, 0o644)
	})
	if err != nil {
		t.Fatalf("copying %s: %v", src, err)
	}
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// numbered is text with line numbers, as the errors name them.
func numbered(text string) string {
	var sb strings.Builder
	for i, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		fmt.Fprintf(&sb, "%4d  %s\n", i+1, l)
	}
	return sb.String()
}

// terraformCLI is the CLI make test names (TF_ACC_TERRAFORM_PATH), else
// the one on PATH.
func terraformCLI(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("TF_ACC_TERRAFORM_PATH"); p != "" {
		return p
	}
	p, err := exec.LookPath("terraform")
	if err != nil {
		t.Fatal("needs the terraform CLI on PATH or in TF_ACC_TERRAFORM_PATH")
	}
	return p
}

var tfVersion = regexp.MustCompile(`^Terraform v(\d+)\.(\d+)\.`)

func isTerraform114(cli string) bool {
	cmd := exec.Command(cli, "version")
	cmd.Env = append(hermeticEnv(), "TF_CLI_CONFIG_FILE="+os.DevNull)
	out, _ := cmd.Output()
	m := tfVersion.FindSubmatch(out)
	if m == nil {
		return false
	}
	major, _ := strconv.Atoi(string(m[1]))
	minor, _ := strconv.Atoi(string(m[2]))
	return major > 1 || major == 1 && minor >= 14
}

// hermeticEnv is the test's environment without the developer's HOME,
// XDG folders and TF_*, CPAAS_* and CHECKPOINT_* variables.
func hermeticEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if name == "HOME" || name == "TERRAFORM_CONFIG" || strings.HasPrefix(name, "XDG_") ||
			strings.HasPrefix(name, "TF_") || strings.HasPrefix(name, "CPAAS_") || strings.HasPrefix(name, "CHECKPOINT_") {
			continue
		}
		env = append(env, kv)
	}
	return env
}

// docsProviderMirror is a filesystem mirror holding what `make
// install-local` builds, a CLI configuration naming it alone (no registry
// is asked for anything), and a home of its own.
type docsProviderMirror struct {
	version string // e.g. 0.1.0
	env     []string
}

var (
	docsMirrorOnce sync.Once
	docsMirrorVal  *docsProviderMirror
	docsMirrorErr  error
)

// docsMirror builds the mirror once per test binary (both tests share it),
// in a folder TestMain removes when the tests end.
func docsMirror(t *testing.T) *docsProviderMirror {
	t.Helper()
	docsMirrorOnce.Do(func() { docsMirrorVal, docsMirrorErr = buildDocsMirror() })
	if docsMirrorErr != nil {
		t.Fatal(docsMirrorErr)
	}
	return docsMirrorVal
}

func buildDocsMirror() (*docsProviderMirror, error) {
	root, err := os.MkdirTemp("", "cpaas-docs-blocks-")
	if err != nil {
		return nil, err
	}
	docsMirrorCleanup = root
	plugins := filepath.Join(root, "plugins")
	home := filepath.Join(root, "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		return nil, err
	}
	cmd := exec.Command("make", "--no-print-directory", "install-local", "PLUGINS_DIR="+plugins)
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if name != "MAKEFLAGS" && name != "MAKELEVEL" && name != "MFLAGS" && name != "LOCAL_VERSION" && name != "PLUGINS_DIR" {
			env = append(env, kv)
		}
	}
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("make install-local PLUGINS_DIR=%s: %v\n%s", plugins, err, out)
	}
	versions, err := os.ReadDir(filepath.Join(plugins, "registry.terraform.io", "cpaas-dev", "cpaas"))
	if err != nil || len(versions) != 1 {
		return nil, fmt.Errorf("make install-local left %v in %s (%v)\n%s", versions, plugins, err, out)
	}
	rc := filepath.Join(root, "terraform.rc")
	cfg := fmt.Sprintf("provider_installation {\n  filesystem_mirror {\n    path = %q\n  }\n}\n", plugins)
	if err := os.WriteFile(rc, []byte(cfg), 0o644); err != nil {
		return nil, err
	}
	return &docsProviderMirror{
		version: versions[0].Name(),
		env: append(hermeticEnv(), "HOME="+home, "TF_CLI_CONFIG_FILE="+rc,
			"CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1"),
	}, nil
}

// docsMirrorCleanup is the mirror's folder, removed by TestMain.
var docsMirrorCleanup string

func TestMain(m *testing.M) {
	// The tests start hundreds of Terraform processes: they run with the
	// provider's collector settings, which change no result.
	gctune.ApplyWithChildren()
	code := m.Run()
	if docsMirrorCleanup != "" {
		_ = os.RemoveAll(docsMirrorCleanup)
	}
	os.Exit(code)
}

func (m *docsProviderMirror) run(cli, dir string, args ...string) (string, error) {
	cmd := exec.Command(cli, args...)
	cmd.Dir = dir
	cmd.Env = m.env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}

// importTargets is the addresses the import blocks of b import.
func importTargets(b *docBlock) map[string]bool {
	out := map[string]bool{}
	for _, blk := range childBlocks(b.file.Body.(*hclsyntax.Body), "import") {
		if a, ok := blk.Body.Attributes["to"]; ok {
			out[string(a.Expr.Range().SliceBytes([]byte(b.text)))] = true
		}
	}
	return out
}

// withoutImportsOf is b's text without its import blocks whose address is
// in targets.
func withoutImportsOf(t *testing.T, b *docBlock, targets map[string]bool) string {
	t.Helper()
	if len(targets) == 0 {
		return b.text
	}
	text := []byte(b.text)
	var out []byte
	last := 0
	for _, blk := range childBlocks(b.file.Body.(*hclsyntax.Body), "import") {
		a, ok := blk.Body.Attributes["to"]
		if !ok || !targets[string(a.Expr.Range().SliceBytes(text))] {
			continue
		}
		r := blk.Range()
		out = append(out, text[last:r.Start.Byte]...)
		last = r.End.Byte
	}
	return string(append(out, text[last:]...))
}
