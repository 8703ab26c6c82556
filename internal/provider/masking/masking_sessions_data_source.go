package masking

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/maskingrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// maskingSessionsData is data.cpaas_masking_sessions: it lists masking
// sessions with the API's filters.
var maskingSessionsData = &kit.DataKind[maskingSessionsModel]{
	TypeName: "_masking_sessions", Schema: maskingSessionsDataSchema, Read: listMaskingSessions,
	Subcategory: kit.SubCallMasking,
}

type maskingSessionsModel struct {
	FirstParty     types.String         `tfsdk:"first_party"`
	SecondParty    types.String         `tfsdk:"second_party"`
	VirtualNumber  types.String         `tfsdk:"virtual_number"`
	Status         types.String         `tfsdk:"status"`
	CreatedTimeGT  types.String         `tfsdk:"created_time__gt"`
	CreatedTimeGTE types.String         `tfsdk:"created_time__gte"`
	CreatedTimeLT  types.String         `tfsdk:"created_time__lt"`
	CreatedTimeLTE types.String         `tfsdk:"created_time__lte"`
	ExpiryTimeGT   types.String         `tfsdk:"expiry_time__gt"`
	ExpiryTimeGTE  types.String         `tfsdk:"expiry_time__gte"`
	ExpiryTimeLT   types.String         `tfsdk:"expiry_time__lt"`
	ExpiryTimeLTE  types.String         `tfsdk:"expiry_time__lte"`
	SessionUUIDs   []types.String       `tfsdk:"session_uuids"`
	Sessions       []maskingSessionData `tfsdk:"sessions"`
	TotalCount     types.Int64          `tfsdk:"total_count"`
}

// maskingTimeFilterRule checks a time filter with the API's parser.
var maskingTimeFilterRule = kit.SpecRule("must be "+maskingrules.FilterTimeRule, func(attr, v string) error {
	if _, e := maskingrules.ParseFilterTime(attr, v); e != nil {
		return e
	}
	return nil
})

func maskingSessionsDataSchema(context.Context) schema.Schema {
	party := func(desc string) schema.StringAttribute {
		return schema.StringAttribute{
			MarkdownDescription: desc + ", " + maskingrules.PartyRule + ".",
			Optional:            true,
			Validators:          []validator.String{maskingPartyRule},
		}
	}
	attrs := map[string]schema.Attribute{
		"first_party":    party("Keep sessions with this first party"),
		"second_party":   party("Keep sessions with this second party"),
		"virtual_number": party("Keep sessions with this virtual number"),
		"status": schema.StringAttribute{
			MarkdownDescription: "Keep `active` or `expired` sessions, or `all` (the default).",
			Optional:            true,
			Validators:          []validator.String{maskingOneOf(maskingrules.ListStatuses)},
		},
		"session_uuids": schema.ListAttribute{
			MarkdownDescription: "UUIDs of the matching sessions, oldest first.",
			Computed:            true,
			ElementType:         types.StringType,
		},
		"sessions": schema.ListNestedAttribute{
			MarkdownDescription: "The matching sessions, oldest first, with every field of the session object.",
			Computed:            true,
			NestedObject:        schema.NestedAttributeObject{Attributes: maskingSessionDataAttributes()},
		},
		"total_count": kit.ComputedInt64("Number of matching sessions."),
	}
	for _, f := range maskingrules.TimeFilters {
		field, op, _ := strings.Cut(f, "__")
		word := map[string]string{"gt": "after", "gte": "at or after", "lt": "before", "lte": "at or before"}[op]
		attrs[f] = schema.StringAttribute{
			MarkdownDescription: "Keep sessions whose `" + field + "` is " + word + " this time: " + maskingrules.FilterTimeRule + ".",
			Optional:            true,
			Validators:          []validator.String{maskingTimeFilterRule},
		}
	}
	return schema.Schema{
		MarkdownDescription: "Lists call-masking sessions of the account, filtered by party, virtual number, status and " +
			"creation or expiry time (the API's own filters). All pages are read.",
		Attributes: attrs,
	}
}

// listMaskingSessions reads every session the filters keep.
func listMaskingSessions(ctx context.Context, c *client.Client, m *maskingSessionsModel, diags *diag.Diagnostics) {
	f := client.MaskingSessionFilter{
		FirstParty: m.FirstParty.ValueString(), SecondParty: m.SecondParty.ValueString(),
		VirtualNumber: m.VirtualNumber.ValueString(), Status: m.Status.ValueString(),
		CreatedTimeGT: m.CreatedTimeGT.ValueString(), CreatedTimeGTE: m.CreatedTimeGTE.ValueString(),
		CreatedTimeLT: m.CreatedTimeLT.ValueString(), CreatedTimeLTE: m.CreatedTimeLTE.ValueString(),
		ExpiryTimeGT: m.ExpiryTimeGT.ValueString(), ExpiryTimeGTE: m.ExpiryTimeGTE.ValueString(),
		ExpiryTimeLT: m.ExpiryTimeLT.ValueString(), ExpiryTimeLTE: m.ExpiryTimeLTE.ValueString(),
	}
	all, err := c.ListAllMaskingSessions(ctx, f)
	if err != nil {
		kit.AddAPIError(diags, "Error listing masking sessions", "masking session list", err)
		return
	}
	m.Sessions = make([]maskingSessionData, 0, len(all))
	m.SessionUUIDs = make([]types.String, 0, len(all))
	for i := range all {
		m.Sessions = append(m.Sessions, toMaskingSessionData(&all[i]))
		m.SessionUUIDs = append(m.SessionUUIDs, types.StringValue(all[i].SessionUUID))
	}
	m.TotalCount = types.Int64Value(int64(len(all)))
}
