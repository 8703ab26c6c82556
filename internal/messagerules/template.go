package messagerules

import (
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
	"strings"
	"unicode/utf8"
)

// Template limits.
const (
	MaxHeaderTextChars    = 60
	MaxBodyTextChars      = 1024  // when the template has other component types
	MaxBodyAloneTextChars = 32768 // when body is the only component type
	MaxButtonIndex        = 9
)

// Template component and parameter kinds, and the button sub_types the spec
// names.
const (
	ComponentHeader = "header"
	ComponentBody   = "body"
	ComponentButton = "button"

	ParameterText    = "text"
	ParameterMedia   = "media"
	ParameterPayload = "payload"

	ButtonURL        = "url"
	ButtonQuickReply = "quick_reply"
)

var (
	ComponentTypes = []string{ComponentHeader, ComponentBody, ComponentButton}
	// ParameterTypes are the three kinds the spec shows; it says the full set
	// is not shown, and this package accepts only these.
	ParameterTypes = []string{ParameterText, ParameterMedia, ParameterPayload}
)

// ValidateTemplate checks a chat-app template. Field paths start with
// "template." as in a send request. Lengths are counted in Unicode code
// points. Choices where the spec is silent:
//
//   - sub_type is required on a button but any value is accepted (the spec
//     names url and quick_reply and says the full set is not shown);
//     sub_type and index on other components are ignored.
//   - The body limit applies to each text parameter; "alone" means every
//     component is a body.
//   - A media parameter must be an absolute http or https URL.
func ValidateTemplate(t Template) fielderr.List {
	es := new(fielderr.List)
	if strings.TrimSpace(t.Name) == "" {
		add(es, fielderr.Root("template").At("name"), "is required", t.Name)
	}
	if !ValidLanguage(t.Language) {
		add(es, fielderr.Root("template").At("language"), "must be a language in ISO 639-1, optionally with an ISO 3166-1 region: xx or xx_YY", t.Language)
	}
	bodyAlone := len(t.Components) > 0
	for _, c := range t.Components {
		if c.Type != ComponentBody {
			bodyAlone = false
		}
	}
	for ci, c := range t.Components {
		cpath := fielderr.Root("template").At("components").AtIndex(ci)
		if !oneOf(c.Type, ComponentTypes) {
			add(es, cpath.At("type"), "must be one of "+strings.Join(ComponentTypes, ", "), c.Type)
		}
		if c.Type == ComponentButton {
			if c.SubType == "" {
				add(es, cpath.At("sub_type"), "is required for a button", "")
			}
			if !validButtonIndex(c.Index) {
				add(es, cpath.At("index"), "is required for a button and must be 0 to 9", c.Index)
			}
		}
		if len(c.Parameters) == 0 {
			add(es, cpath.At("parameters"), "must hold at least one parameter", "")
		}
		for pi, p := range c.Parameters {
			validateParameter(es, cpath.At("parameters").AtIndex(pi), c, p, bodyAlone)
		}
	}
	return *es
}

func validateParameter(es *fielderr.List, ppath fielderr.Path, c Component, p Parameter, bodyAlone bool) {
	switch p.Type {
	case ParameterText:
		if p.Text == "" {
			add(es, ppath.At("text"), "is required for a text parameter", "")
			return
		}
		limit := 0
		switch c.Type {
		case ComponentHeader:
			limit = MaxHeaderTextChars
		case ComponentBody:
			limit = MaxBodyTextChars
			if bodyAlone {
				limit = MaxBodyAloneTextChars
			}
		}
		if n := utf8.RuneCountInString(p.Text); limit > 0 && n > limit {
			addf(es, ppath.At("text"), p.Text, "must be at most %d characters in a %s%s, is %d", limit, c.Type, bodyLimitNote(c.Type, bodyAlone), n)
		}
	case ParameterMedia:
		if c.Type != ComponentHeader {
			add(es, ppath.At("type"), "media is only allowed in a header component", p.Type)
		}
		if p.Media == "" {
			add(es, ppath.At("media"), "is required for a media parameter", "")
		} else if rule := httpURLRule(p.Media); rule != "" {
			add(es, ppath.At("media"), rule, p.Media)
		}
	case ParameterPayload:
		if c.Type != ComponentButton || c.SubType != ButtonQuickReply {
			add(es, ppath.At("type"), "payload is only allowed in a button of sub_type quick_reply", p.Type)
		}
		if p.Payload == "" {
			add(es, ppath.At("payload"), "is required for a payload parameter", "")
		}
	default:
		add(es, ppath.At("type"), "must be one of "+strings.Join(ParameterTypes, ", "), p.Type)
	}
}

func bodyLimitNote(componentType string, bodyAlone bool) string {
	if componentType != ComponentBody {
		return ""
	}
	if bodyAlone {
		return " when body is the only component"
	}
	return " alongside other components"
}

// ValidLanguage reports whether s has the form xx or xx_YY (lower-case ISO
// 639-1 language, upper-case ISO 3166-1 region). The codes themselves are not
// checked against the standards' lists.
func ValidLanguage(s string) bool {
	lower := func(c byte) bool { return c >= 'a' && c <= 'z' }
	upper := func(c byte) bool { return c >= 'A' && c <= 'Z' }
	switch len(s) {
	case 2:
		return lower(s[0]) && lower(s[1])
	case 5:
		return lower(s[0]) && lower(s[1]) && s[2] == '_' && upper(s[3]) && upper(s[4])
	}
	return false
}

func validButtonIndex(s string) bool {
	return len(s) == 1 && s[0] >= '0' && s[0] <= '0'+MaxButtonIndex
}
