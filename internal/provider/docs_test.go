package provider

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// Every type the provider serves has a page with a subcategory, and a
// resource's Refresh note states the figures of the code: the listing's
// page, client.RefreshListAfter and client.RefreshListMaxPages.
func TestDocPages(t *testing.T) {
	ctx := context.Background()
	pages, err := DocPages(ctx)
	if err != nil {
		t.Fatal(err)
	}
	p := &CPaaSProvider{}
	served := len(p.Resources(ctx)) + len(p.DataSources(ctx)) + len(p.ListResources(ctx)) +
		len(p.EphemeralResources(ctx)) + len(p.Actions(ctx)) + len(p.Functions(ctx))
	if len(pages) != served {
		t.Errorf("%d pages for %d types served", len(pages), served)
	}
	byName := map[string]kit.DocPage{}
	for _, pg := range pages {
		key := pg.Dir + "/" + pg.Name
		if _, dup := byName[key]; dup {
			t.Errorf("two pages %s", key)
		}
		byName[key] = pg
		if pg.Refresh != "" && !strings.HasPrefix(pg.Refresh, "When one run refreshes ") {
			t.Errorf("%s: Refresh note in another wording: %q", key, pg.Refresh)
		}
	}
	endpoint := byName["resources/endpoint"].Refresh
	for _, want := range []string{
		fmt.Sprintf("refreshes %d or more endpoints", client.RefreshListAfter),
		fmt.Sprintf("one request per %d endpoints", client.EndpointListing.Limit),
		fmt.Sprintf("would take more than %d requests", client.RefreshListMaxPages),
		fmt.Sprintf("once those reads number the list's requests beyond %d", client.RefreshListMaxPages),
		"The list's items carry everything a read of one endpoint does.",
	} {
		if !strings.Contains(endpoint, want) {
			t.Errorf("endpoint's Refresh note lacks %q: %q", want, endpoint)
		}
	}
	if got := byName["resources/10dlc_campaign_number"].Refresh; !strings.Contains(got, "one request per campaign,") {
		t.Errorf("a listing of one call per parent says so: %q", got)
	}
	if got := byName["resources/powerpack_number"].Refresh; !strings.Contains(got, "but `service`, which then keeps the state's value.") {
		t.Errorf("the attributes the items lack are named: %q", got)
	}
	if got := byName["resources/phone_number_compliance"].Refresh; !strings.Contains(got, "but `callback_url` and `callback_method`, which then keep the state's values.") {
		t.Errorf("the attributes the items lack are named: %q", got)
	}
	if got := byName["list-resources/sip_trunk"].Subcategory; got != string(kit.SubSIPTrunking) {
		t.Errorf("a list resource's subcategory is its resource's: %q", got)
	}
	for _, key := range []string{"resources/account_settings", "resources/message", "data-sources/endpoint", "list-resources/endpoint"} {
		if byName[key].Refresh != "" {
			t.Errorf("%s has a Refresh note, but no listing answers its refreshes", key)
		}
	}
}
