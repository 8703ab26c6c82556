package tollfree

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// tollfreeData is data.cpaas_tollfree_verification: it reads a toll-free
// verification request by its uuid.
var tollfreeData = &kit.DataKind[tollfreeAttrs]{
	TypeName: "_tollfree_verification", Schema: tollfreeDataSchema,
	Subcategory: kit.SubMessaging,
	Read: kit.ReadByIDReporting("toll-free verification", func(m *tollfreeAttrs) string { return m.ID.ValueString() },
		(*client.Client).GetTollfreeVerification, (*tollfreeAttrs).apply),
}

func tollfreeDataSchema(context.Context) schema.Schema {
	c := kit.ComputedString
	return schema.Schema{
		MarkdownDescription: "Reads a toll-free verification request by its `uuid`: whether the carrier has approved a toll-free number for " +
			"SMS to the US and Canada (`status`), and what the request says. An optional field the request does not have is null.",
		Attributes: map[string]schema.Attribute{
			"id":                     kit.RequiredString("Request UUID (`uuid`), "+tendlcrules.UUIDRule+".", kit.ShapeRule(tendlcrules.UUIDPattern, tendlcrules.UUIDRule)),
			"profile_uuid":           c("UUID of the business profile the request is made for."),
			"number":                 c("The toll-free number, digits without \"+\"."),
			"usecases":               schema.SetAttribute{MarkdownDescription: "What the number sends.", Computed: true, ElementType: types.StringType},
			"usecase_summary":        c("What the messages are for."),
			"message_sample":         c("A typical message."),
			"optin_type":             c("How the recipients opted in."),
			"optin_image_urls":       schema.ListAttribute{MarkdownDescription: "URLs of images that show the opt-in.", Computed: true, ElementType: types.StringType},
			"volume":                 c("Messages a month."),
			"additional_information": c("Anything else the carrier should know."),
			"extra_data":             c("Free text kept with the request."),
			"callback_url":           c("URL of the status callbacks."),
			"callback_method":        c("HTTP method of the status callbacks."),
			"status":                 c("`SUBMITTED`, `APPROVED`, `REJECTED` or `UPDATE_REQUIRED`."),
			"error_message":          c("The carrier's words when the request is `REJECTED` or `UPDATE_REQUIRED`; null otherwise."),
			"created_at":             c("When the request was submitted, RFC 3339 in UTC with microseconds."),
		},
	}
}
