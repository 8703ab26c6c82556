package powerpack

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/powerpackrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// NewPowerpackListResource lists the account's powerpacks (terraform
// query, Terraform 1.14+); listResource (list_resources.go) does the work.
func NewPowerpackListResource() list.ListResource { return &kit.ListResource{ListKind: powerpackList} }

var powerpackList = kit.ListKind{
	Of: powerpackKind, Objects: "powerpacks",
	Description: "Every powerpack of the account, named by `uuid`. Everything a powerpack holds is read back (number_priority entries " +
		"in the default order are shown as none), so the generated configuration plans no change after the import; " +
		"`unrent_numbers_on_destroy` is false, as after any import.",
	Filters: map[string]listschema.StringAttribute{
		"name": {MarkdownDescription: "Only the powerpack of this name (the whole name).", Validators: []validator.String{powerpackNameRule}},
	},
	Find: func(ctx context.Context, c *client.Client, f kit.ListFilters) ([]kit.ListedObject, error) {
		all, err := c.ListAllPowerpacks(ctx)
		return kit.ByID(all, err, func(p client.Powerpack) bool { return f["name"] == "" || p.Name == f["name"] },
			func(p client.Powerpack) (string, string) { return fmt.Sprintf("%s (%s)", p.Name, p.UUID), p.UUID })
	},
}

// NewPowerpackNumberListResource lists the long codes and toll-free
// numbers of the account's powerpack pools.
func NewPowerpackNumberListResource() list.ListResource {
	return &kit.ListResource{ListKind: powerpackNumberList}
}

var powerpackNumberList = kit.ListKind{
	Of: powerpackNumberKind, Objects: "powerpack numbers",
	Description: "Every long code and toll-free number in the pools of the account's powerpacks (or of one), named by `powerpack_id` " +
		"and `number`. Short codes are not listed: the API cannot add them, so no resource manages them (read them with " +
		"`data.cpaas_powerpack_numbers`).",
	Filters: map[string]listschema.StringAttribute{
		"powerpack_id": {
			MarkdownDescription: "Only the pool of this powerpack (its UUID).",
			Validators:          []validator.String{stringvalidator.RegexMatches(powerpackrules.UUIDPattern, "must be "+powerpackrules.UUIDRule)},
		},
	},
	Find: func(ctx context.Context, c *client.Client, f kit.ListFilters) ([]kit.ListedObject, error) {
		all, err := c.ListAllPowerpacks(ctx)
		if err != nil {
			return nil, err
		}
		var out []kit.ListedObject
		for i := range all {
			p := &all[i]
			if f["powerpack_id"] != "" && p.UUID != f["powerpack_id"] {
				continue
			}
			pool, err := client.PoolUUID(p)
			if err != nil {
				return nil, err
			}
			for _, tollfree := range []bool{false, true} {
				ns, err := c.ListAllPoolNumbers(ctx, pool, tollfree)
				if err != nil {
					return nil, err
				}
				for _, n := range ns {
					id := powerpackrules.MemberID(p.UUID, n.Number)
					out = append(out, kit.ListedObject{Name: fmt.Sprintf("%s in %s", n.Number, p.Name),
						Seed: map[string]string{"id": id, "powerpack_id": p.UUID, "number": n.Number, "type": n.Type}})
				}
			}
		}
		return out, nil
	},
}
