package fielderr

import (
	"errors"
	"strings"
	"testing"
)

func TestPathString(t *testing.T) {
	for want, p := range map[string]Path{
		"src":    Root("src"),
		"dst[2]": Root("dst").AtIndex(2),
		"template.components[1].parameters[0].text": Root("template").At("components").AtIndex(1).At("parameters").AtIndex(0).At("text"),
		"documents[1].data_fields":                  Root("documents").AtIndex(1).At("data_fields"),
		`data_fields["tax_id"]`:                     Root("data_fields").AtKey("tax_id"),
		"":                                          nil,
	} {
		if got := p.String(); got != want {
			t.Errorf("String() = %q, want %q", got, want)
		}
	}
	if got := Root("search").Then(Root("country_iso")).String(); got != "search.country_iso" {
		t.Errorf("Then: %q, want search.country_iso", got)
	}
	if got := Root("template").At("name").RootName(); got != "template" {
		t.Errorf("RootName() = %q, want template", got)
	}
}

func TestPathStepsDoNotAlias(t *testing.T) {
	base := Root("documents").AtIndex(0)
	a, b := base.At("file"), base.At("data_fields")
	if a.String() != "documents[0].file" || b.String() != "documents[0].data_fields" {
		t.Errorf("paths grown from one base share steps: %s, %s", a, b)
	}
}

func TestErrorLayouts(t *testing.T) {
	for want, e := range map[string]Error{
		`template.components[1].parameters[0].text: is required (got "")`: {Path: Root("template").At("components").AtIndex(1).At("parameters").AtIndex(0).At("text"), Rule: "is required", Layout: Got},
		`first_party "12" is invalid: it must be digits`:                  {Path: Root("first_party"), Rule: `"12" is invalid: it must be digits`, Layout: Named},
		`invalid parameter type="fax": must be one of toll-free`:          {Path: Root("type"), Rule: "must be one of toll-free", Value: "fax", Layout: Param},
		`ein is required when entity_type is "PUBLIC"`:                    {Path: Root("ein"), Rule: `ein is required when entity_type is "PUBLIC"`},
	} {
		if got := e.Error(); got != want {
			t.Errorf("Error() = %s, want %s", got, want)
		}
	}
}

func TestErrorShortensLongValues(t *testing.T) {
	long := Error{Path: Root("text"), Rule: "too long", Value: strings.Repeat("é", 65), Layout: Got}
	if got, want := long.Error(), `text: too long (got "`+strings.Repeat("é", 64)+`"... (65 characters))`; got != want {
		t.Errorf("Error() = %s, want %s", got, want)
	}
	exact := Error{Path: Root("text"), Rule: "too long", Value: strings.Repeat("é", 64), Layout: Got}
	if got, want := exact.Error(), `text: too long (got "`+strings.Repeat("é", 64)+`")`; got != want {
		t.Errorf("Error() = %s, want %s", got, want)
	}
}

func TestList(t *testing.T) {
	l := List{{Path: Root("src"), Rule: "r1", Value: "a", Layout: Got}, {Path: Root("dst"), Rule: "r2", Value: "b", Layout: Got}}
	if got, want := l.Error(), `src: r1 (got "a"); dst: r2 (got "b")`; got != want {
		t.Errorf("Error() = %s, want %s", got, want)
	}
	got, ok := AsList(l.Err())
	if !ok || len(got) != 2 {
		t.Errorf("AsList did not recover the list from %v", l.Err())
	}
	var one Error
	if !errors.As(l.Err(), &one) || one.Path.String() != "src" {
		t.Errorf("errors.As found %+v in the list, want its first error", one)
	}
	if err := List(nil).Err(); err != nil {
		t.Errorf("Err() of no errors = %v, want nil", err)
	}
}
