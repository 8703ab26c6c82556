package kit

import (
	"fmt"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// resourceData is what the provider's Configure hands every resource: the
// client, and the walk's registry of singletons. Terraform configures the
// provider once per walk (validate, plan, apply), so the registry lives as
// long as one plan or one apply of one provider configuration, even when
// one provider process serves several commands (the test harness).
type resourceData struct {
	client     *client.Client
	singletons *singletonRegistry
}

func NewResourceData(c *client.Client) *resourceData {
	return &resourceData{client: c, singletons: &singletonRegistry{}}
}

// singletonRegistry records, per singleton kind and account, the instances
// planned in one walk. The provider sees one resource instance per call,
// never its address: an instance is told apart by its configuration, and
// by whether it has a prior state. Terraform plans an instance once per
// walk, except a replacement, which it plans again with a null prior state
// (same configuration): one call with a prior state and one without is
// one instance. Two blocks with the same configuration, one already in
// the state, are taken for a replacement: they set the same values, so
// they cannot flip each other.
type singletonRegistry struct {
	mu   sync.Mutex
	seen map[singletonKey]*singletonPlans
}

type singletonKey struct{ typeName, account string }

// singletonPlans counts one kind's planned instances of an account, by
// configuration.
type singletonPlans struct {
	first string // the first configuration planned
	plans map[string]*[2]int
}

// claim records a plan of a singleton instance whose configuration is
// config (its raw value, printed); hasState says whether it has a prior
// state. It returns false when the walk has planned another instance of
// the same kind for the same account.
func (s *singletonRegistry) claim(typeName, account, config string, hasState bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.seen == nil {
		s.seen = map[singletonKey]*singletonPlans{}
	}
	k := singletonKey{typeName, account}
	p := s.seen[k]
	if p == nil {
		p = &singletonPlans{first: config, plans: map[string]*[2]int{}}
		s.seen[k] = p
	}
	n := p.plans[config]
	if n == nil {
		n = &[2]int{}
		p.plans[config] = n
	}
	i := 0
	if hasState {
		i = 1
	}
	n[i]++
	return config == p.first && n[i] == 1
}

// clientFrom extracts the API client from ProviderData, adding a clear error
// when the provider handed over something else.
func ClientFrom(data any, diags *diag.Diagnostics) *client.Client {
	switch d := data.(type) {
	case nil:
		return nil
	case *client.Client:
		return d
	case *resourceData:
		return d.client
	}
	diags.AddError("Unexpected provider data",
		fmt.Sprintf("Expected *client.Client, got %T. This is a bug in the provider; please report it.", data))
	return nil
}

// configureResource and configureDataSource are the Configure bodies every
// resource and data source share. A resource also gets the walk's
// registry of singletons (nil when the provider is not configured).
func configureResource(req resource.ConfigureRequest, resp *resource.ConfigureResponse) (*client.Client, *singletonRegistry) {
	c := ClientFrom(req.ProviderData, &resp.Diagnostics)
	if d, ok := req.ProviderData.(*resourceData); ok {
		return c, d.singletons
	}
	return c, nil
}

func configureDataSource(req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) *client.Client {
	return ClientFrom(req.ProviderData, &resp.Diagnostics)
}
