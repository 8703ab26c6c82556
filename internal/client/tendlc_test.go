package client

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
)

// An import names the campaign; the campaign then reads as the account's,
// shared; a second import of the id is the API's 400, naming it.
func TestImportCampaign(t *testing.T) {
	_, newClient := emulatorClient(t)
	c := newClient()
	ctx := context.Background()
	got, err := c.ImportCampaign(ctx, CampaignImport{CampaignID: "CX4T7QM", CampaignAlias: "Moved in", Method: "POST"})
	if err != nil || got.CampaignID != "CX4T7QM" || got.Message != "Request to import campaign was received and is being processed." {
		t.Fatalf("ImportCampaign = %+v, %v", got, err)
	}
	cp, err := c.GetCampaign(ctx, "CX4T7QM")
	if err != nil || cp.CampaignSource != "shared" || cp.RegistrationStatus != "PROCESSING" {
		t.Fatalf("GetCampaign = %+v, %v", cp, err)
	}
	_, err = c.ImportCampaign(ctx, CampaignImport{CampaignID: "CX4T7QM", CampaignAlias: "Again"})
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusBadRequest || !strings.Contains(apiErr.Message, "campaign_id CX4T7QM is already a campaign of this account") {
		t.Fatalf("second import: %v", err)
	}
}

// The OTP of a STARTER brand names the masked phone; an unknown brand is
// ErrNotFound.
func TestSendBrandOTP(t *testing.T) {
	_, newClient := emulatorClient(t)
	c := newClient()
	ctx := context.Background()
	p, err := c.CreateProfile(ctx, ProfileFields{ProfileAlias: "solo", CustomerType: "DIRECT", EntityType: "INDIVIDUAL", CompanyName: "Solo",
		EINIssuingCountry: "US", Vertical: "RETAIL",
		Address:           &ProfileAddress{Street: "1 Main St", City: "Austin", State: "TX", PostalCode: "78701", Country: "US"},
		AuthorizedContact: &ProfileContact{FirstName: "Jo", LastName: "Roe", Phone: "+14155551234", Email: "jo@example.com"}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.CreateBrand(ctx, BrandCreate{BrandAlias: "Solo", ProfileUUID: p.ProfileUUID, BrandType: "STARTER"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := c.SendBrandOTP(ctx, b.BrandID)
	if err != nil || got.BrandID != b.BrandID || got.Message != "Message sent to XXXXXXXX1234, reply YES to confirm registration." {
		t.Fatalf("SendBrandOTP = %+v, %v", got, err)
	}
	if _, err := c.SendBrandOTP(ctx, "BZZZZZZ"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown brand: %v, want ErrNotFound", err)
	}
}

// Neither call is repeated once it may have reached the server: a second
// import is refused, a second OTP is a second text.
func TestImportAndOTPAreNotRetried(t *testing.T) {
	for name, call := range map[string]func(*Client) error{
		"import": func(c *Client) error {
			_, err := c.ImportCampaign(context.Background(), CampaignImport{CampaignID: "CX4T7QM", CampaignAlias: "A"})
			return err
		},
		"otp": func(c *Client) error { _, err := c.SendBrandOTP(context.Background(), "BQ2W8RT"); return err },
	} {
		t.Run(name, func(t *testing.T) {
			srv, n := server(t, http.StatusServiceUnavailable, http.StatusOK)
			if err := call(newTestClient(t, srv.URL, 3)); err == nil {
				t.Fatal("a 503 was taken as success")
			}
			if got := n.Load(); got != 1 {
				t.Fatalf("%d attempts, want 1", got)
			}
		})
	}
}
