package messagerules

import (
	"reflect"
	"strings"
	"testing"
)

func textParam(n int) []Parameter {
	return []Parameter{{Type: ParameterText, Text: strings.Repeat("ж", n)}}
}

func header(n int) Component { return Component{Type: ComponentHeader, Parameters: textParam(n)} }
func body(n int) Component   { return Component{Type: ComponentBody, Parameters: textParam(n)} }
func urlButton(index string) Component {
	return Component{Type: ComponentButton, SubType: ButtonURL, Index: index, Parameters: []Parameter{{Type: ParameterText, Text: "order/42"}}}
}

func tmpl(cs ...Component) Template {
	return Template{Name: "order_update", Language: "en_US", Components: cs}
}

func TestValidateTemplate(t *testing.T) {
	tests := []struct {
		name string
		t    Template
		want []string
	}{
		{"no components", tmpl(), nil},
		{"language xx", Template{Name: "n", Language: "en"}, nil},
		{"language xx_YY", Template{Name: "n", Language: "pt_BR"}, nil},
		{"language empty", Template{Name: "n"}, []string{"template.language"}},
		{"language with hyphen", Template{Name: "n", Language: "en-US"}, []string{"template.language"}},
		{"language upper case", Template{Name: "n", Language: "EN"}, []string{"template.language"}},
		{"language region lower case", Template{Name: "n", Language: "en_us"}, []string{"template.language"}},
		{"language three letters", Template{Name: "n", Language: "eng"}, []string{"template.language"}},
		{"language one letter", Template{Name: "n", Language: "e"}, []string{"template.language"}},
		{"language three-letter region", Template{Name: "n", Language: "en_USA"}, []string{"template.language"}},
		{"name blank", Template{Name: "  ", Language: "en"}, []string{"template.name"}},

		{"header 60", tmpl(header(60), body(1)), nil},
		{"header 61", tmpl(header(61), body(1)), []string{"template.components[0].parameters[0].text"}},
		{"body 1024 with a header", tmpl(header(1), body(1024)), nil},
		{"body 1025 with a header", tmpl(header(1), body(1025)), []string{"template.components[1].parameters[0].text"}},
		{"body 1025 with a button", tmpl(body(1025), urlButton("0")), []string{"template.components[0].parameters[0].text"}},
		{"body alone 32768", tmpl(body(32768)), nil},
		{"body alone 32769", tmpl(body(32769)), []string{"template.components[0].parameters[0].text"}},
		{"two bodies count as alone", tmpl(body(2000), body(32768)), nil},
		{"button text has no limit", tmpl(Component{Type: ComponentButton, SubType: ButtonURL, Index: "0", Parameters: textParam(5000)}), nil},

		{"button index 0", tmpl(urlButton("0")), nil},
		{"button index 9", tmpl(urlButton("9")), nil},
		{"button index 10", tmpl(urlButton("10")), []string{"template.components[0].index"}},
		{"button index -1", tmpl(urlButton("-1")), []string{"template.components[0].index"}},
		{"button index missing", tmpl(urlButton("")), []string{"template.components[0].index"}},
		{"button index not a digit", tmpl(urlButton(":")), []string{"template.components[0].index"}},
		{"button sub_type missing", tmpl(Component{Type: ComponentButton, Index: "1", Parameters: textParam(3)}), []string{"template.components[0].sub_type"}},
		{"button other sub_type accepted", tmpl(Component{Type: ComponentButton, SubType: "copy_code", Index: "1", Parameters: textParam(3)}), nil},
		{"unknown component type", tmpl(Component{Type: "footer", Parameters: textParam(3)}), []string{"template.components[0].type"}},
		{"no parameters", tmpl(body(1), Component{Type: ComponentHeader}), []string{"template.components[1].parameters"}},

		{"text parameter without text", tmpl(Component{Type: ComponentBody, Parameters: []Parameter{{Type: ParameterText}}}), []string{"template.components[0].parameters[0].text"}},
		{"unknown parameter type", tmpl(Component{Type: ComponentBody, Parameters: []Parameter{{Type: "currency", Text: "x"}}}), []string{"template.components[0].parameters[0].type"}},
		{"media in header", tmpl(Component{Type: ComponentHeader, Parameters: []Parameter{{Type: ParameterMedia, Media: "https://example.com/a.jpg"}}}), nil},
		{"media in body", tmpl(Component{Type: ComponentBody, Parameters: []Parameter{{Type: ParameterMedia, Media: "https://example.com/a.jpg"}}}), []string{"template.components[0].parameters[0].type"}},
		{"media missing", tmpl(Component{Type: ComponentHeader, Parameters: []Parameter{{Type: ParameterMedia}}}), []string{"template.components[0].parameters[0].media"}},
		{"media not a URL", tmpl(Component{Type: ComponentHeader, Parameters: []Parameter{{Type: ParameterMedia, Media: "a.jpg"}}}), []string{"template.components[0].parameters[0].media"}},
		{"payload in quick reply", tmpl(Component{Type: ComponentButton, SubType: ButtonQuickReply, Index: "1", Parameters: []Parameter{{Type: ParameterPayload, Payload: "yes"}}}), nil},
		{"payload in url button", tmpl(Component{Type: ComponentButton, SubType: ButtonURL, Index: "1", Parameters: []Parameter{{Type: ParameterPayload, Payload: "yes"}}}), []string{"template.components[0].parameters[0].type"}},
		{"payload in body", tmpl(Component{Type: ComponentBody, Parameters: []Parameter{{Type: ParameterPayload, Payload: "yes"}}}), []string{"template.components[0].parameters[0].type"}},
		{"payload missing", tmpl(Component{Type: ComponentButton, SubType: ButtonQuickReply, Index: "1", Parameters: []Parameter{{Type: ParameterPayload}}}), []string{"template.components[0].parameters[0].payload"}},
		{"path of a later parameter", tmpl(header(1), Component{Type: ComponentBody, Parameters: []Parameter{{Type: ParameterText, Text: "a"}, {Type: ParameterText}}}), []string{"template.components[1].parameters[1].text"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ValidateTemplate(tt.t)
			if !reflect.DeepEqual(fields(got), tt.want) {
				t.Errorf("ValidateTemplate failed fields %q, want %q\nerrors: %v", fields(got), tt.want, got)
			}
		})
	}
}

func TestValidateTemplateMessage(t *testing.T) {
	got := ValidateTemplate(tmpl(header(61))).Error()
	want := `template.components[0].parameters[0].text: must be at most 60 characters in a header, is 61 (got "` + strings.Repeat("ж", 61) + `")`
	if got != want {
		t.Errorf("error =\n%s\nwant\n%s", got, want)
	}
}

func FuzzValidateTemplate(f *testing.F) {
	f.Add("order_update", "en_US", "body", "", "", "text", "42", "", "")
	f.Add("promo", "pt", "header", "", "", "media", "", "https://example.com/a.jpg", "")
	f.Add("confirm", "en", "button", "quick_reply", "9", "payload", "", "", "yes")
	f.Add("", "EN-us", "button", "url", "10", "currency", "\xff", "::", "")
	f.Fuzz(func(t *testing.T, name, lang, ctype, subType, index, ptype, text, media, payload string) {
		tpl := Template{Name: name, Language: lang, Components: []Component{
			{Type: ctype, SubType: subType, Index: index, Parameters: []Parameter{{Type: ptype, Text: text, Media: media, Payload: payload}}},
			{Type: ComponentBody, Parameters: []Parameter{{Type: ParameterText, Text: text}}},
		}}
		es := ValidateTemplate(tpl)
		for _, e := range es {
			if !strings.HasPrefix(e.Path.String(), "template.") || e.Rule == "" || e.Path.RootName() != "template" {
				t.Fatalf("malformed error %+v", e)
			}
			_ = e.Error()
		}
		if !ValidLanguage(lang) && !contains(fields(es), "template.language") {
			t.Fatalf("language %q not reported", lang)
		}
		if ctype == ComponentButton && !validButtonIndex(index) && !contains(fields(es), "template.components[0].index") {
			t.Fatalf("button index %q not reported", index)
		}
		// The same template inside a message reports the same template errors.
		m := Message{Src: "14155550100", Dst: "14155550101", Type: TypeChatApp, Template: &tpl}
		if got := Validate(m); !reflect.DeepEqual(got, es) {
			t.Fatalf("Validate = %v, ValidateTemplate = %v", got, es)
		}
	})
}

func contains(ss []string, s string) bool {
	for _, v := range ss {
		if v == s {
			return true
		}
	}
	return false
}
