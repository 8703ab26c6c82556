package message

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// mediaData is data.cpaas_media: it reads a file uploaded for MMS (POST
// Media/) by its media_id. No resource models uploaded media: the
// service deletes a file no sent MMS used six hours after its upload, so
// a resource would vanish from under its state (mediaNoResourceNote).
var mediaData = &kit.DataKind[mediaModel]{
	TypeName: "_media", Schema: mediaDataSchema, Subcategory: kit.SubMessaging,
	Read: kit.ReadByID("media", func(m *mediaModel) string { return m.MediaID.ValueString() }, (*client.Client).GetMedia, applyMedia),
}

// mediaNoResourceNote says why uploaded media has a data source and no
// resource; the data source's and the message's pages quote it.
const mediaNoResourceNote = "No resource manages uploaded media: the service deletes a file that no sent MMS used six hours after " +
	"its upload (a file a sent MMS used is kept a year), so a resource would disappear from under its state. To send local " +
	"files, give `media_files` to `cpaas_message` or to the `cpaas_send_message` action: the provider uploads them right " +
	"before the send."

type mediaModel struct {
	ID          types.String `tfsdk:"id"`
	MediaID     types.String `tfsdk:"media_id"`
	ContentType types.String `tfsdk:"content_type"`
	FileName    types.String `tfsdk:"file_name"`
	Size        types.Int64  `tfsdk:"size"`
	UploadTime  types.String `tfsdk:"upload_time"`
	MediaURL    types.String `tfsdk:"media_url"`
}

func mediaDataSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Reads a file uploaded for MMS (the Media API) by its `media_id`: its type, name, size, upload time and link. " +
			"A file that expired or never existed is an error naming the id.\n\n" + mediaNoResourceNote,
		Attributes: map[string]schema.Attribute{
			"id": kit.ComputedString("The `media_id`."),
			"media_id": kit.RequiredString("Id of the uploaded file (a UUID), as the upload returned it.",
				[]validator.String{kit.ShapeRule(tendlcrules.UUIDPattern, tendlcrules.UUIDRule)}...),
			"content_type": kit.ComputedString("Content type of the file (`image/png`, `application/pdf`, ...), from its extension."),
			"file_name":    kit.ComputedString("Name the file was uploaded with."),
			"size":         kit.ComputedInt64("Size of the file in bytes."),
			"upload_time":  kit.ComputedString("When the file was uploaded, RFC 3339 in UTC."),
			"media_url":    kit.ComputedString("Link to the file on the service's media host."),
		},
	}
}

func applyMedia(m *mediaModel, f *client.Media) {
	m.ID = types.StringValue(f.MediaID)
	m.MediaID = types.StringValue(f.MediaID)
	m.ContentType = types.StringValue(f.ContentType)
	m.FileName = types.StringValue(f.FileName)
	m.Size = types.Int64Value(f.Size)
	m.UploadTime = types.StringValue(f.UploadTime)
	m.MediaURL = types.StringValue(f.MediaURL)
}
