package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

var _ list.ListResourceWithConfigure = &ApplicationListResource{}

// ApplicationListResource lists the account's applications (terraform
// query, Terraform 1.14+), as list_resources.go lists the other types.
type ApplicationListResource struct{ lister }

// NewApplicationListResource is the constructor the provider registers.
func NewApplicationListResource() list.ListResource { return &ApplicationListResource{} }

func (r *ApplicationListResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_application"
}

func (r *ApplicationListResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = listschema.Schema{
		MarkdownDescription: "Every application of the account, named by `app_id`, with the API's filter by name. Everything an " +
			"application holds is read back, so the generated configuration plans no change after the import.",
		Attributes: map[string]listschema.Attribute{
			"app_name": listschema.StringAttribute{
				MarkdownDescription: "Only the applications of this name (the whole name; the API's own filter).",
				Optional:            true,
				Validators:          []validator.String{appNameRule},
			},
		},
	}
}

func (r *ApplicationListResource) List(ctx context.Context, req list.ListRequest, resp *list.ListResultsStream) {
	var f struct {
		AppName types.String `tfsdk:"app_name"`
	}
	if !listFilter(ctx, req, resp, &f) {
		return
	}
	r.stream(ctx, req, resp, "application", applicationIdentity, func() resource.ResourceWithConfigure { return &ApplicationResource{} },
		func(ctx context.Context) ([]listedObject, error) {
			all, err := r.client.ListAllApplications(ctx, f.AppName.ValueString())
			var out []listedObject
			for _, a := range all {
				out = append(out, listedObject{name: fmt.Sprintf("%s (%s)", a.AppName, a.AppID), seed: map[string]string{"id": a.AppID}})
			}
			return out, err
		})
}
