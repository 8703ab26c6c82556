package tendlctest

import (
	"context"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
)

// MakeRegisteredBrand registers a brand and waits for the registry.
func MakeRegisteredBrand(t *testing.T, c *client.Client, in client.BrandCreate) string {
	t.Helper()
	ctx := context.Background()
	b, err := c.CreateBrand(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	provtest.WaitUntil(t, "brand registration", func() bool {
		got, err := c.GetBrand(ctx, b.BrandID)
		return err == nil && got.RegistrationStatus == "COMPLETED"
	})
	return b.BrandID
}

// MakeActiveCampaign creates a campaign and waits for the registry.
func MakeActiveCampaign(t *testing.T, c *client.Client, in client.CampaignCreate) string {
	t.Helper()
	ctx := context.Background()
	k, err := c.CreateCampaign(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	provtest.WaitUntil(t, "campaign registration", func() bool {
		got, err := c.GetCampaign(ctx, k.CampaignID)
		return err == nil && got.RegistrationStatus == "ACTIVE"
	})
	return k.CampaignID
}

// The objects below are what each docs example describes, as a script or
// a person would have made them.
// DocsProfile is the profile of examples/resources/cpaas_10dlc_profile
// (and of the brand's example).
var DocsProfile = client.ProfileFields{
	ProfileAlias: "acme-main", CustomerType: "DIRECT", EntityType: "PRIVATE", CompanyName: "Acme Corporation",
	EIN: "12-3456789", EINIssuingCountry: "US", Vertical: "RETAIL", Website: "https://acme.example",
	Address: &client.ProfileAddress{Street: "123 Main Street", City: "Austin", State: "TX", PostalCode: "78701", Country: "US"},
	AuthorizedContact: &client.ProfileContact{FirstName: "Jane", LastName: "Doe", Phone: "+14155550100", Email: "jane.doe@acme.example",
		Title: "Ms", Seniority: "CFO"},
}

func MakeDocsProfile(t *testing.T, c *client.Client) string {
	t.Helper()
	p, err := c.CreateProfile(context.Background(), DocsProfile)
	if err != nil {
		t.Fatal(err)
	}
	return p.ProfileUUID
}

// DocsBrand is the brand of examples/resources/cpaas_10dlc_brand, for
// profile.
func DocsBrand(profile string) client.BrandCreate {
	return client.BrandCreate{
		BrandAlias: "Acme Corp", ProfileUUID: profile, BrandType: "STANDARD",
		URL: "https://hooks.example.com/10dlc/brand", Method: "POST",
	}
}

func DocsCampaign(brandID string) client.CampaignCreate {
	return client.CampaignCreate{
		BrandID: brandID, CampaignAlias: "Order alerts", Vertical: "RETAIL", Usecase: "MIXED",
		SubUsecases: []string{"ACCOUNT_NOTIFICATION", "DELIVERY_NOTIFICATION"},
		Description: "Order confirmations and delivery updates for customers of the Acme online store.",
		Sample1:     "Acme: order 1234 is confirmed. Reply STOP to opt out.",
		Sample2:     "Acme: order 1234 was delivered. Reply HELP for help, STOP to opt out.",
		MessageFlow: "Customers tick an opt-in box at checkout on acme.example.", HelpKeywords: "HELP,INFO",
		HelpMessage:    "Acme order alerts. Help: support@acme.example. Reply STOP to opt out.",
		OptoutKeywords: "STOP,QUIT", OptoutMessage: "Acme: you are unsubscribed and will get no more messages.",
		TermsAndConditionsLink: "https://acme.example/terms", PrivacyPolicyLink: "https://acme.example/privacy",
		CampaignAttributes: client.CampaignAttributes{SubscriberOptin: true, SubscriberOptout: true, SubscriberHelp: true, EmbeddedLink: true},
		URL:                "https://hooks.example.com/10dlc/campaign",
	}
}
