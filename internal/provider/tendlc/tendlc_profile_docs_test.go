package tendlc

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
)

// A field's length limit is said after its description's first sentence,
// never inside a token of it: the contact's phone reads "E.164 (...), at
// most 16 characters", not "E, at most 16 characters.164".
func TestProfileLimitsEndTheFirstSentence(t *testing.T) {
	contact, ok := profileSchema(context.Background()).Attributes["authorized_contact"].(schema.SingleNestedAttribute)
	if !ok {
		t.Fatal("authorized_contact is not a single nested attribute")
	}
	phone := contact.Attributes["phone"].GetMarkdownDescription()
	if !strings.Contains(phone, "E.164") || !strings.Contains(phone, ", at most 16 characters.") || strings.Contains(phone, "E, at most") {
		t.Fatalf("the phone's description: %q", phone)
	}
}
