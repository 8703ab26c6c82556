package provider

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// clientFrom extracts the API client from ProviderData, adding a clear error
// when the provider handed over something else.
func clientFrom(data any, diags *diag.Diagnostics) *client.Client {
	if data == nil {
		return nil
	}
	c, ok := data.(*client.Client)
	if !ok {
		diags.AddError("Unexpected provider data",
			fmt.Sprintf("Expected *client.Client, got %T. This is a bug in the provider; please report it.", data))
		return nil
	}
	return c
}

// configureResource and configureDataSource are the Configure bodies every
// resource and data source share.
func configureResource(req resource.ConfigureRequest, resp *resource.ConfigureResponse) *client.Client {
	return clientFrom(req.ProviderData, &resp.Diagnostics)
}

func configureDataSource(req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) *client.Client {
	return clientFrom(req.ProviderData, &resp.Diagnostics)
}
