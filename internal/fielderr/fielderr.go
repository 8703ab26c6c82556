// Package fielderr is the one field-error type of the rules packages: a
// broken rule, the request field it concerns as a structured path, and the
// offending value. The emulator prints it in its 400 replies; the provider
// turns its path into the attribute a diagnostic names, without parsing text.
package fielderr

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Step is one step of a Path: an attribute name, a list index or a map key.
type Step struct {
	Name  string // set for an attribute step
	Index int    // the list index, for an index step
	Key   string // the map key, for a key step
	kind  stepKind
}

type stepKind uint8

const (
	nameStep stepKind = iota
	indexStep
	keyStep
)

// IsName, IsIndex and IsKey say what the step is.
func (s Step) IsName() bool  { return s.kind == nameStep }
func (s Step) IsIndex() bool { return s.kind == indexStep }
func (s Step) IsKey() bool   { return s.kind == keyStep }

// Path is where in a request a field is, from its top-level attribute down.
type Path []Step

// Root is the path of a top-level attribute.
func Root(name string) Path { return Path{{Name: name}} }

// At is p followed by the attribute name; p itself is left alone.
func (p Path) At(name string) Path { return p.with(Step{Name: name}) }

// AtIndex is p followed by a list index.
func (p Path) AtIndex(i int) Path { return p.with(Step{Index: i, kind: indexStep}) }

// AtKey is p followed by a map key.
func (p Path) AtKey(k string) Path { return p.with(Step{Key: k, kind: keyStep}) }

// Then is p followed by every step of q, for a field the rules name on its
// own that the provider holds inside a block (search.country_iso).
func (p Path) Then(q Path) Path { return append(p[:len(p):len(p)], q...) }

func (p Path) with(s Step) Path {
	return append(p[:len(p):len(p)], s)
}

// RootName is the top-level attribute of the path ("template" for
// "template.name"), or "" for an empty path.
func (p Path) RootName() string {
	if len(p) == 0 {
		return ""
	}
	return p[0].Name
}

// String is the path as the service's messages print it:
// "documents[1].data_fields", `data_fields["tax_id"]`.
func (p Path) String() string {
	var b strings.Builder
	for i, s := range p {
		switch s.kind {
		case indexStep:
			b.WriteString("[" + strconv.Itoa(s.Index) + "]")
		case keyStep:
			b.WriteString("[" + strconv.Quote(s.Key) + "]")
		default:
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(s.Name)
		}
	}
	return b.String()
}

// Layout is how Error words itself. The rules packages predate this
// package, each with its own wording that replies and diagnostics already
// quote; a layout keeps each one's text exactly.
type Layout uint8

const (
	// Stated: Rule is the whole message and names the field itself
	// (compliance and profile rules, which never quote personal data).
	Stated Layout = iota
	// Named: "<path> <rule>" (the masking rules).
	Named
	// Got: "<path>: <rule> (got <value>)", the value quoted and shortened
	// (the message rules).
	Got
	// Param: `invalid parameter <path>="<value>": <rule>` (a number search).
	Param
)

// Error is one broken rule: where (Path), the rule in words (Rule) and the
// value given (Value, "" where the message does not quote it).
type Error struct {
	Path   Path
	Rule   string
	Value  string
	Layout Layout
}

// MaxShownValue bounds the value a Got message quotes, so a 32 KiB body does
// not end up in a diagnostic.
const MaxShownValue = 64

func (e Error) Error() string {
	switch e.Layout {
	case Named:
		return e.Path.String() + " " + e.Rule
	case Got:
		return fmt.Sprintf("%s: %s (got %s)", e.Path, e.Rule, shownValue(e.Value))
	case Param:
		return fmt.Sprintf("invalid parameter %s=%q: %s", e.Path, e.Value, e.Rule)
	default:
		return e.Rule
	}
}

func shownValue(v string) string {
	n := utf8.RuneCountInString(v)
	if n <= MaxShownValue {
		return strconv.Quote(v)
	}
	cut := 0
	for i := range v {
		if cut == MaxShownValue {
			return fmt.Sprintf("%q... (%d characters)", v[:i], n)
		}
		cut++
	}
	return strconv.Quote(v)
}

// List is every rule a request broke, in the order of its fields.
// errors.As finds each Error in it.
type List []Error

func (l List) Error() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "; ")
}

// Unwrap gives the single errors to errors.Is and errors.As.
func (l List) Unwrap() []error {
	errs := make([]error, len(l))
	for i, e := range l {
		errs[i] = e
	}
	return errs
}

// Err is l as an error, or nil when it is empty, so that a caller does not
// trip over a non-nil interface holding an empty list.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// AsList finds the List in err, if any.
func AsList(err error) (List, bool) {
	var l List
	ok := errors.As(err, &l)
	return l, ok
}
