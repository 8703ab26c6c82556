package messagerules

import (
	"fmt"
	"strings"
)

// DLTAccount is what an account has registered for India DLT traffic: the
// state the spec's DLT rules need. The zero value is an account not set up
// for India DLT.
type DLTAccount struct {
	Enabled  bool   `json:"enabled"`
	EntityID string `json:"entity_id"`
	// Templates are the account's registered DLT templates by template id.
	Templates map[string]DLTTemplate `json:"templates"`
}

// DLTTemplate is one registered DLT template: the header (sender ID) it is
// mapped to and the category it was registered under.
type DLTTemplate struct {
	Header   string `json:"header"`
	Category string `json:"category"`
}

// DLTFailure decides the spec's DLT rules for a message sent by an account
// and returns why the message fails with CodeDLTIncorrect (160), or "" when
// its DLT fields are fine or absent. The spec makes each of these a failure
// of the sent message, not a refused request:
//
//   - dlt_entity_id or dlt_template_id from an account not set up for India
//     DLT ("only for accounts configured for India DLT traffic");
//   - one of the two without the other;
//   - an entity id other than the account's;
//   - a template id the account has not registered, or one associated with
//     another header than the one sent as src (compared sanitised, without
//     regard to case, as headers are upper case);
//   - "Incorrect DND tagging through dlt_template_category": a category
//     other than the one the template was registered under. The spec gives
//     this failure no code of its own; it is a DLT parameter passed
//     incorrectly, so 160.
//
// A dlt_template_category without a template id has nothing to be checked
// against and passes; its enumeration is a validation rule (Validate).
func DLTFailure(m Message, acct DLTAccount) string {
	if m.DLTEntityID == "" && m.DLTTemplateID == "" {
		return ""
	}
	if !acct.Enabled {
		return "the account is not set up for India DLT traffic; dlt_entity_id and dlt_template_id are only for accounts that are"
	}
	if DLTIncomplete(m) {
		return "dlt_entity_id and dlt_template_id go together; only one was sent"
	}
	if m.DLTEntityID != acct.EntityID {
		return fmt.Sprintf("dlt_entity_id %q is not the account's DLT entity ID", m.DLTEntityID)
	}
	tpl, ok := acct.Templates[m.DLTTemplateID]
	if !ok {
		return fmt.Sprintf("dlt_template_id %q is not a DLT template of the account", m.DLTTemplateID)
	}
	if src := SanitizeSrc(m.Src); !strings.EqualFold(src, SanitizeSrc(tpl.Header)) {
		return fmt.Sprintf("dlt_template_id %q is associated with the header %q, not with src %q", m.DLTTemplateID, tpl.Header, src)
	}
	if m.DLTTemplateCategory != "" && m.DLTTemplateCategory != tpl.Category {
		return fmt.Sprintf("dlt_template_category %q does not match the template's category %q (incorrect DND tagging)", m.DLTTemplateCategory, tpl.Category)
	}
	return ""
}

// CheckDLTAccount checks a DLT registration: an entity id, and templates
// with a header and a category of the spec's enumeration.
func CheckDLTAccount(a DLTAccount) error {
	if !a.Enabled {
		return nil
	}
	if a.EntityID == "" {
		return fmt.Errorf("entity_id is required to set an account up for India DLT")
	}
	for id, t := range a.Templates {
		if id == "" || SanitizeSrc(t.Header) == "" {
			return fmt.Errorf("templates: template %q needs an id and a header", id)
		}
		if !oneOf(t.Category, DLTTemplateCategories) {
			return fmt.Errorf("templates: template %q: category must be one of %s, got %q", id, strings.Join(DLTTemplateCategories, ", "), t.Category)
		}
	}
	return nil
}
