package masking

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// NewMaskingSessionListResource lists the account's masking sessions.
func NewMaskingSessionListResource() list.ListResource {
	return &kit.ListResource{ListKind: maskingSessionList}
}

var maskingSessionList = kit.ListKind{
	Of: maskingSessionKind, Objects: "masking sessions",
	Description: "The account's active masking sessions, named by `session_uuid`, with the API's filters. Expired sessions " +
		"are not listed: they cannot be imported or managed.",
	Filters: map[string]listschema.StringAttribute{
		"first_party":    {MarkdownDescription: "Only the sessions of this first party, digits with the country code."},
		"second_party":   {MarkdownDescription: "Only the sessions of this second party, digits with the country code."},
		"virtual_number": {MarkdownDescription: "Only the sessions on this virtual number, digits with the country code."},
	},
	Find: func(ctx context.Context, c *client.Client, f kit.ListFilters) ([]kit.ListedObject, error) {
		digits := func(name string) string { return strings.TrimPrefix(f[name], "+") }
		all, err := c.ListAllMaskingSessions(ctx, client.MaskingSessionFilter{
			FirstParty: digits("first_party"), SecondParty: digits("second_party"), VirtualNumber: digits("virtual_number"), Status: "active",
		})
		return kit.ByID(all, err, func(s client.MaskingSession) bool { return !s.IsExpired() }, // expired since the API's answer
			func(s client.MaskingSession) (string, string) {
				return fmt.Sprintf("%s <-> %s via %s", s.FirstParty, s.SecondParty, s.VirtualNumber), s.SessionUUID
			})
	},
}
