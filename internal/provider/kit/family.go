package kit

import (
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// family is what one area of the API gives Terraform: its resources, data
// sources, list resources (Terraform 1.14+), ephemeral resources
// (Terraform 1.10+; ephemeral_object.go), actions (Terraform 1.14+) and
// functions; and, for the acceptance harness on a real account, its
// sweepers and real-mode kinds (real.go), and for the bench its kinds of
// a whole account (bench.go), which the provider never reads.
type Family struct {
	Resources   []func() resource.Resource
	DataSources []func() datasource.DataSource
	Lists       []func() list.ListResource
	Ephemeral   []func() ephemeral.EphemeralResource
	Actions     []func() action.Action
	Functions   []func() function.Function
	Sweepers    []Sweeper
	RealKinds   []RealKind
	Bench       []BenchKind
}
