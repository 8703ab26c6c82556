package main

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/endpointrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider"
)

// Subcategories of the generated docs, as the Terraform Registry groups the
// pages in its navigation.
var docSubcategories = []string{"SIP Endpoints", "10DLC", "Phone Numbers", "Call Masking", "Messaging", "Accounts", "Guides", "SIP Trunking"}

// Every generated page has the same front matter: a title naming the
// provider "CPaaS" and a subcategory from the list, so the registry's
// navigation groups every page and no title says "cpaas".
func TestDocsFrontMatter(t *testing.T) {
	pages, err := filepath.Glob("docs/*/*.md")
	if err != nil || len(pages) == 0 {
		t.Fatalf("no docs pages: %v", err)
	}
	for _, p := range pages {
		fm := frontMatter(t, p)
		title, sub := fm["page_title"], fm["subcategory"]
		if !strings.HasSuffix(title, " - CPaaS") && !strings.HasPrefix(p, "docs/guides/") {
			t.Errorf(`%s: page_title %q does not end in " - CPaaS" (use {{.RenderedProviderName}} in its template)`, p, title)
		}
		if title == "" || strings.Contains(title, "cpaas\"") || strings.HasSuffix(title, "- cpaas") {
			t.Errorf("%s: page_title %q", p, title)
		}
		if !slices.Contains(docSubcategories, sub) {
			t.Errorf("%s: subcategory %q is not one of %q: give the page a template in templates/ with its subcategory", p, sub, docSubcategories)
		}
		if strings.HasPrefix(p, "docs/guides/") != (sub == "Guides") {
			t.Errorf("%s: subcategory %q: guides, and only guides, are in \"Guides\"", p, sub)
		}
	}
}

// Each page is what its kind declares (internal/provider/kit/docs.go): its
// subcategory, and on a resource whose refreshes a listing answers, the
// Refresh note written from that listing, once, in the one wording.
func TestDocsPagesAsTheirKindsDeclare(t *testing.T) {
	pages, err := provider.DocPages(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pages {
		path := filepath.Join("docs", p.Dir, p.Name+".md")
		if _, err := os.Stat(path); err != nil {
			t.Errorf("%s: %v (run make generate)", path, err)
			continue
		}
		if got := frontMatter(t, path)["subcategory"]; got != p.Subcategory {
			t.Errorf("%s: subcategory %q, its kind declares %q (run make generate)", path, got, p.Subcategory)
		}
		b, _ := os.ReadFile(path)
		text := string(b)
		if n := strings.Count(text, "Refresh"); p.Refresh != "" && (n != 1 || !strings.Contains(text, "## Refresh\n\n"+p.Refresh+"\n")) {
			t.Errorf("%s: not one Refresh section with the note its kind's listing gives (run make generate)", path)
		}
	}
}

// Pages come from the shared templates of their type: a new kind writes no
// template. Only pages with prose of their own keep one.
func TestDocsTemplatesAreShared(t *testing.T) {
	own, err := filepath.Glob("templates/*/*.md.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	top, _ := filepath.Glob("templates/*.md.tmpl")
	var kept []string
	for _, f := range append(own, top...) {
		if !strings.HasPrefix(f, "templates/guides/") {
			kept = append(kept, f)
		}
	}
	if len(kept) > 12 {
		t.Errorf("%d hand-kept page templates outside the guides, more than 12: %q", len(kept), kept)
	}
	for _, dir := range []string{"data-sources", "list-resources", "functions"} {
		if fs, _ := filepath.Glob("templates/" + dir + "/*"); len(fs) > 0 {
			t.Errorf("%q: these pages come from templates/%s.md.tmpl", fs, dir)
		}
	}
}

// frontMatter parses the "key: value" lines of a page's front matter.
func frontMatter(t *testing.T, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.SplitN(string(b), "---\n", 3)
	if len(parts) != 3 || parts[0] != "" {
		t.Fatalf("%s: no front matter", path)
	}
	out := map[string]string{}
	for _, line := range strings.Split(parts[1], "\n") {
		if k, v, ok := strings.Cut(line, ": "); ok && !strings.HasPrefix(k, " ") {
			out[k] = strings.Trim(v, `"`)
		}
	}
	return out
}

// What users read names things they can use: emulator flags the standalone
// emulator has (and that `make emulator` passes through EMULATOR_FLAGS), not
// the Go option fields of package emulator.
func TestDocsNameEmulatorFlagsNotGoFields(t *testing.T) {
	flags := emulatorFlags(t)
	docs := userDocs(t)
	optionType := reflect.TypeOf(emulator.Options{})
	for i := range optionType.NumField() {
		name := optionType.Field(i).Name
		for p, text := range docs {
			if strings.Contains(text, "`"+name+"`") {
				t.Errorf("%s names the Go option field `%s` of package emulator; name the flag a user has", p, name)
			}
		}
	}
	flagRef := regexp.MustCompile("`(-[a-z][a-z0-9-]*)[ `]")
	readme := docs["README.md"]
	start := strings.Index(readme, "## Running the emulator standalone")
	end := strings.Index(readme[start+1:], "\n## ")
	if start < 0 || end < 0 {
		t.Fatal("README has no section \"Running the emulator standalone\"")
	}
	section := readme[start : start+1+end]
	if !strings.Contains(section, "EMULATOR_FLAGS") {
		t.Error("README's emulator section does not say how make emulator takes flags (EMULATOR_FLAGS)")
	}
	for _, m := range flagRef.FindAllStringSubmatch(section, -1) {
		if !slices.Contains(flags, m[1]) {
			t.Errorf("README's emulator section names %s, which the standalone emulator does not have (it has %v)", m[1], flags)
		}
	}
	makefile, err := os.ReadFile("GNUmakefile")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^\tgo run \S*emulator\S* \$\(EMULATOR_FLAGS\)`).Match(makefile) {
		t.Error("make emulator does not pass $(EMULATOR_FLAGS) to the emulator")
	}
}

// Facts a user needs that the docs once left out.
func TestDocsStateWhatUsersAsked(t *testing.T) {
	docs := userDocs(t)
	for _, c := range []struct{ page, want, why string }{
		{"docs/resources/10dlc_brand.md", "`X-Service-Signature-Ma-V2` with the main account's auth token", "which token signs X-Service-Signature-Ma-V2"},
		{"docs/resources/10dlc_campaign.md", "`X-Service-Signature-Ma-V2` with the main account's auth token", "which token signs X-Service-Signature-Ma-V2"},
		{"docs/data-sources/phone_numbers.md", "Lower-case letters are accepted", "that a lower-case pattern is accepted"},
		{"docs/resources/10dlc_brand.md", "`-registry-delay`", "the emulator flag that sets registration delays"},
	} {
		if !strings.Contains(docs[c.page], c.want) {
			t.Errorf("%s does not say %s (want %q)", c.page, c.why, c.want)
		}
	}
}

// userDocs reads the README and every generated page.
func userDocs(t *testing.T) map[string]string {
	t.Helper()
	pages, _ := filepath.Glob("docs/*/*.md")
	pages = append(pages, "README.md", "docs/index.md")
	out := map[string]string{}
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[p] = string(b)
	}
	return out
}

// emulatorFlags lists the flags the standalone emulator's command defines
// (flag.X("name", ...) in its main package).
func emulatorFlags(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob("internal/cmd/*emulator*/*.go")
	more, _ := filepath.Glob("cmd/*emulator*/*.go")
	files = append(files, more...)
	def := regexp.MustCompile(`\.(?:String|Bool|Int|Int64|Uint|Uint64|Float64|Duration|Func)(?:Var)?\((?:&?[\w.]+, )?"([a-z][a-z0-9-]*)"`)
	var flags []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range def.FindAllStringSubmatch(string(b), -1) {
			flags = append(flags, "-"+m[1])
		}
	}
	if len(flags) == 0 {
		t.Fatal("found no flags of the standalone emulator")
	}
	return flags
}

// Each guide quotes, in full, the configuration a test applies (the
// provider's guides_test.go, or cmd/cpaas-emulator's for its guide).
func TestGuidesQuoteTheirTestedConfiguration(t *testing.T) {
	dirs, _ := filepath.Glob("examples/guides/*")
	if len(dirs) < 5 {
		t.Fatalf("guide configurations: %v", dirs)
	}
	var tests strings.Builder // every test file's text
	err := filepath.WalkDir(".", func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, "_test.go") {
			b, err := os.ReadFile(p)
			tests.Write(b)
			return err
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		name := filepath.Base(dir)
		page, err := os.ReadFile(filepath.Join("docs", "guides", name+".md"))
		if err != nil {
			t.Errorf("examples/guides/%s has no guide docs/guides/%s.md (add templates/guides/%s.md.tmpl)", name, name, name)
			continue
		}
		if !strings.Contains(tests.String(), `"`+name+`"`) {
			t.Errorf("no test applies examples/guides/%s", name)
		}
		// Every .tf of the guide's directory, its modules' and other
		// configurations' (as messaging-pipeline/action) included.
		var tfs []string
		err = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".tf") {
				tfs = append(tfs, p)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range tfs {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(page), strings.TrimSpace(string(b))) {
				t.Errorf("docs/guides/%s.md does not quote %s in full", name, f)
			}
		}
	}
}

// The emulator installs as the docs say. Its module path is not published,
// so no source of the docs (README, templates, the command's and the
// emulator's package docs) tells users to `go install` it @latest: they
// name make install-emulator, which the GNUmakefile defines, and the
// release archive, which .goreleaser.yml builds.
func TestDocsInstallTheEmulatorAsItShips(t *testing.T) {
	sources := []string{"README.md"}
	for _, glob := range []string{"templates/*/*.tmpl", "templates/*.tmpl", "cmd/cpaas-emulator/*.go", "internal/emulator/*.go"} {
		more, _ := filepath.Glob(glob)
		sources = append(sources, more...)
	}
	for _, p := range sources {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "cmd/cpaas-emulator@") {
			t.Errorf("%s tells users to go install the unpublished module path cmd/cpaas-emulator@...", p)
		}
	}
	for _, p := range []string{"README.md", "templates/guides/cpaas-emulator.md.tmpl"} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"make install-emulator", "cpaas-emulator_<version>_<os>_<arch>.zip"} {
			if !strings.Contains(string(b), want) {
				t.Errorf("%s does not say how to install the emulator with %q", p, want)
			}
		}
	}
	makefile, _ := os.ReadFile("GNUmakefile")
	if !regexp.MustCompile(`(?m)^install-emulator:\n\tgo install \./cmd/cpaas-emulator$`).Match(makefile) {
		t.Error("the GNUmakefile has no install-emulator target running go install ./cmd/cpaas-emulator")
	}
	release, _ := os.ReadFile(".goreleaser.yml")
	if !strings.Contains(string(release), "ids: [cpaas-emulator]") ||
		!strings.Contains(string(release), "name_template: 'cpaas-emulator_{{ .Version }}_{{ .Os }}_{{ .Arch }}'") {
		t.Error(".goreleaser.yml archives no cpaas-emulator_<version>_<os>_<arch>.zip")
	}
}

// Each guide says what its configuration needs beyond a clone and
// Terraform 1.11: a page quoting a configuration that requires Terraform
// 1.14 says how to get it (make terraform114), and the files a guide's
// configuration reads from its folder (a compliance guide's scans) ship
// in that folder.
func TestGuidesSayWhatTheyNeed(t *testing.T) {
	tffile := regexp.MustCompile(`\{\{ tffile "(examples/guides/[^"]+\.tf)" \}\}`)
	needs114 := regexp.MustCompile(`required_version\s*=\s*">=\s*1\.14"`)
	pages, _ := filepath.Glob("templates/guides/*.md.tmpl")
	seen114 := 0
	for _, page := range pages {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range tffile.FindAllStringSubmatch(string(b), -1) {
			cfg, err := os.ReadFile(m[1])
			if err != nil {
				t.Fatalf("%s quotes %s: %v", page, m[1], err)
			}
			if needs114.Match(cfg) {
				seen114++
				if !strings.Contains(string(b), "make terraform114") {
					t.Errorf("%s quotes %s, which needs Terraform 1.14, and does not say how to get it (make terraform114)", page, m[1])
				}
			}
		}
	}
	if seen114 == 0 {
		t.Error("no guide quotes a configuration that needs Terraform 1.14: the check checks nothing")
	}
	read := regexp.MustCompile(`\$\{path\.module\}/([^"}$]+)"`)
	configs, _ := filepath.Glob("examples/guides/*/main.tf")
	shipped := 0
	for _, c := range configs {
		b, err := os.ReadFile(c)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range read.FindAllStringSubmatch(string(b), -1) {
			if strings.HasSuffix(m[1], "/") || filepath.Ext(m[1]) == "" {
				continue // a module's directory, not a file
			}
			shipped++
			if _, err := os.Stat(filepath.Join(filepath.Dir(c), m[1])); err != nil {
				t.Errorf("%s reads %s, which its folder does not ship", c, m[1])
			}
		}
	}
	if shipped < 4 {
		t.Errorf("found %d files the guides read from their folders, want the compliance guides' 4 scans at least", shipped)
	}
}

// Every password length a guide or an example states is the endpoint
// rule's: the provider takes MinPasswordLength characters or more.
func TestDocsStateThePasswordRule(t *testing.T) {
	stated := regexp.MustCompile(`(?i)password[^\n"]*?(\d+) to \d+ characters|password[^\n"]*?at least (\d+) characters`)
	found := 0
	for _, root := range []string{"examples", "templates"} {
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			for _, m := range stated.FindAllStringSubmatch(string(b), -1) {
				found++
				if m[1] != "" {
					t.Errorf("%s says %q: the provider takes a password of %d characters or more, with no upper bound", p, m[0], endpointrules.MinPasswordLength)
				} else if m[2] != strconv.Itoa(endpointrules.MinPasswordLength) {
					t.Errorf("%s says %q: the rule is at least %d", p, m[0], endpointrules.MinPasswordLength)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if found == 0 {
		t.Fatal("no password length stated anywhere: the check checks nothing")
	}
}
