package tendlc

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wait"
)

// campaignNumberKind is cpaas_10dlc_campaign_number: one long code linked
// to a 10DLC campaign, read and imported by "<campaign_id>/<number>". Its
// delete is an unlink request the operators answer, waited for within
// timeouts.delete; an update only records url, method or timeouts (they
// matter for the unlink request, and the link cannot change in place).
var campaignNumberKind = &kit.ObjectKind[tendlcCampaignNumberModel]{
	TypeName: "_10dlc_campaign_number", What: "10DLC number link", Identity: kit.CampaignNumberIdentity,
	Docs: kit.PageDocs{Subcategory: kit.SubTenDLC, Listed: &kit.ListedDoc{
		Limit:   client.CampaignNumberListing.Limit,
		Objects: "number links",
		Object:  "linked number",
		From:    "each campaign's number list",
		Parent:  "campaign",
	}},
	Schema: campaignNumberSchema, Create: linkCampaignNumber, Delete: unlinkCampaignNumber,
	// Before the number is linked: its campaign exists.
	PlanWith: kit.CheckReferences(kit.IdRef("campaign_id", "10DLC campaign", "cpaas_10dlc_campaign", "id", client.CampaignListing)),
	// Refresh: from its campaign's number list, listed once per campaign
	// (client.CampaignNumberListing), whose items carry all the one-number
	// read does.
	Refresh: refreshCampaignNumber,
	ImportAs: func(id string) (map[string]string, string) {
		campaignID, number, err := tendlcrules.ParseCampaignNumberID(id)
		if err != nil {
			return nil, err.Error() + "."
		}
		return map[string]string{"campaign_id": campaignID, "number": number}, ""
	},
}

// refreshCampaignNumber reads the link into m; a refused link (FAILED) is
// gone: the next plan links the number again.
func refreshCampaignNumber(ctx context.Context, c *client.Client, id string, m *tendlcCampaignNumberModel, _ resource.ReadRequest, _ *diag.Diagnostics) error {
	n, _, err := client.CampaignNumberListing.Refresh(ctx, c, m.CampaignID.ValueString(), m.Number.ValueString())
	switch {
	case err != nil:
		return err
	case n.Status == tendlcrules.StatusFailed:
		return kit.ErrGone
	}
	m.ID = types.StringValue(id)
	m.Status = types.StringValue(n.Status)
	return nil
}

type tendlcCampaignNumberModel struct {
	ID         types.String   `tfsdk:"id"`
	CampaignID types.String   `tfsdk:"campaign_id"`
	Number     types.String   `tfsdk:"number"`
	URL        types.String   `tfsdk:"url"`
	Method     types.String   `tfsdk:"method"`
	Status     types.String   `tfsdk:"status"`
	Timeouts   timeouts.Value `tfsdk:"timeouts"`
}

// link is m's campaign and number, and what names them in messages.
func (m *tendlcCampaignNumberModel) link() (campaignID, number, what string) {
	campaignID, number = m.CampaignID.ValueString(), m.Number.ValueString()
	return campaignID, number, fmt.Sprintf("number %s of 10DLC campaign %s", number, campaignID)
}

func campaignNumberSchema(ctx context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Links one long code of the account to a registered 10DLC campaign, so it may send A2P traffic under it. " +
			"Creating it asks the operators to link the number and waits (within `timeouts.create`, default 20 minutes) until they have; " +
			"a refused link fails the apply with the operators' reason and nothing is saved, so the next apply asks again. Destroying it " +
			"asks them to unlink the number and waits (within `timeouts.delete`) until they have; the number can then be linked to another " +
			"campaign. A number can be linked to one campaign at a time.\n\n" + adoptRuleCampaignNumber,
		Attributes: map[string]schema.Attribute{
			"id":          kit.ComputedKeptString("`<campaign_id>/<number>`, the import id."),
			"campaign_id": kit.RequiredReplacingString("Id of the registered campaign, "+tendlcrules.CampaignIDRule+". "+kit.MissingRefNote("link")+" Changing it unlinks the number and links it to the new campaign.", kit.ShapeRule(tendlcrules.CampaignIDPattern, tendlcrules.CampaignIDRule)),
			"number":      kit.RequiredReplacingString("The number to link: "+tendlcrules.NumberRule+". It must belong to the account. Changing it replaces the link.", kit.ShapeRule(tendlcrules.NumberPattern, tendlcrules.NumberRule)),
			"url": kit.OptionalString("Absolute `http://` or `https://` URL that receives the signed `number_linking` callbacks (`created`, then `success` "+
				"or `failed`) of the link request and the `number_unlinking` callbacks of the unlink request on destroy. Updates in place "+
				"(no API call): the new value is used for the unlink request.", callbackURLRule),
			"method": kit.OptionalString("HTTP method of the callbacks to `url`: `POST` (form body) or `GET` (query string). The API's default is `POST`. Updates in place.",
				callbackMethodRule),
			"status": kit.ComputedKeptString("`COMPLETED` once linked; `PROCESSING` while a request about the number is in progress."),
		},
		Blocks: map[string]schema.Block{
			"timeouts": timeouts.Block(ctx, timeouts.Opts{Create: true, Delete: true}),
		},
	}
}

// Statuses of a number link beyond the API's own: a number the campaign no
// longer lists, and one whose unlink the operators refused.
const (
	numberGone    = "GONE"
	numberRefused = "REFUSED"
)

// statusCampaignNumber is the status of number in campaignID for one wait,
// read through w: the campaign's number list, in rounds shared with every
// other number of the campaign waiting (client.Listing.Watch). It is the
// API's, or numberGone for a number the list (one call, whole) no longer
// holds, or numberRefused for a request the operators refused.
func statusCampaignNumber(w *client.Watch[client.CampaignNumber]) wait.StatusFunc[*client.CampaignNumber] {
	find := func(ctx context.Context) (*client.CampaignNumber, error) {
		n, err := w.Next(ctx)
		if errors.Is(err, client.ErrNotFound) {
			return nil, nil
		}
		return n, err
	}
	return wait.StatusOf(find, func(n *client.CampaignNumber) string {
		switch {
		case n == nil:
			return numberGone
		case n.Status != tendlcrules.StatusProcessing && n.Reason != "":
			return numberRefused
		}
		return n.Status
	})
}

// waitNumberLinked waits until no request about the number is in progress:
// linked, refused or gone (then it returns nil).
func waitNumberLinked(ctx context.Context, c *client.Client, campaignID, number string, timeout time.Duration) (*client.CampaignNumber, error) {
	w := client.CampaignNumberListing.Watch(c, campaignID, number)
	defer w.Close()
	return wait.For[*client.CampaignNumber]{What: "number " + number + " of 10DLC campaign " + campaignID,
		Pending: []string{tendlcrules.StatusProcessing}, Status: statusCampaignNumber(w), Timeout: timeout, Paced: true}.Wait(ctx)
}

// waitNumberUnlinked waits, after an unlink request, until the number is
// gone (nil) or the operators refused (the number, with their reason): until
// then it reads PROCESSING.
func waitNumberUnlinked(ctx context.Context, c *client.Client, campaignID, number string, timeout time.Duration) (*client.CampaignNumber, error) {
	w := client.CampaignNumberListing.Watch(c, campaignID, number)
	defer w.Close()
	return wait.For[*client.CampaignNumber]{What: "unlink of number " + number + " from 10DLC campaign " + campaignID,
		Target: []string{numberGone, numberRefused}, Status: statusCampaignNumber(w), Timeout: timeout, Paced: true}.Wait(ctx)
}

// adoptRuleCampaignNumber says what happens when the reply to a create is lost;
// linkNumberOrAdopt below carries it out. The description quotes it.
const adoptRuleCampaignNumber = "If the API's reply to the link request is lost (or is a 5xx), the provider reads the number in " +
	"the campaign: a pending or completed link is adopted, otherwise the link request is sent again."

// linkNumberOrAdopt is LinkNumbers for one number that adopts a link
// request the API received without the reply arriving. The request may be
// shared with the campaign's other links of the moment (client.LinkNumbers
// gathers them); its outcome is still this number's own: a lost shared
// reply is adopted here, number by number, like one of its own.
func linkNumberOrAdopt(ctx context.Context, c *client.Client, campaignID string, in client.NumberLink) error {
	number := in.Numbers[0]
	_, err := kit.CreateOrAdopt(ctx, "10DLC number link", "number "+number+" in campaign "+campaignID,
		func(ctx context.Context) (string, error) { return number, c.LinkNumbers(ctx, campaignID, in) },
		func(ctx context.Context) ([]string, error) {
			n, err := c.GetCampaignNumber(ctx, campaignID, number)
			if errors.Is(err, client.ErrNotFound) || (err == nil && n.Status == tendlcrules.StatusFailed) {
				return nil, nil
			}
			if err != nil {
				return nil, err
			}
			return []string{number}, nil
		},
		func(n string) string { return n })
	return err
}

// unlinkNumberOrConfirm is UnlinkNumber that, when its outcome is unknown,
// reads the number: gone or an unlink in progress (PROCESSING) means the
// request arrived; a settled link gets the request again.
func unlinkNumberOrConfirm(ctx context.Context, c *client.Client, campaignID, number string, in client.NumberUnlink) error {
	var err error
	for attempt := 1; attempt <= kit.MaxCreateAttempts; attempt++ {
		if err = c.UnlinkNumber(ctx, campaignID, number, in); err == nil || !client.IsAmbiguousCreate(err) {
			return err
		}
		n, lerr := kit.LookupWithRetry(ctx, func(ctx context.Context) ([]*client.CampaignNumber, error) {
			n, err := c.GetCampaignNumber(ctx, campaignID, number)
			if err != nil {
				return nil, err
			}
			return []*client.CampaignNumber{n}, nil
		})
		switch {
		case errors.Is(lerr, client.ErrNotFound):
			return nil
		case lerr != nil:
			return &kit.LookupFailedError{Kind: "10DLC number link", Create: err, Find: lerr}
		case n[0].Status == tendlcrules.StatusProcessing:
			return nil
		}
	}
	return err
}

func linkCampaignNumber(ctx context.Context, c *client.Client, plan *tendlcCampaignNumberModel, _ resource.CreateRequest, resp *resource.CreateResponse) bool {
	timeout, diags := plan.Timeouts.Create(ctx, defaultLinkTimeout)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return false
	}
	campaignID, number, what := plan.link()
	err := linkNumberOrAdopt(ctx, c, campaignID, client.NumberLink{
		Numbers: []string{number}, URL: plan.URL.ValueString(), Method: plan.Method.ValueString(),
	})
	if kit.AddMissingParentError(&resp.Diagnostics, "campaign_id", "cpaas_10dlc_campaign", "10DLC campaign", campaignID, err) {
		return false
	}
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error linking number to 10DLC campaign", what, err)
		return false
	}
	plan.ID = types.StringValue(tendlcrules.CampaignNumberID(campaignID, number))
	n, err := waitNumberLinked(ctx, c, campaignID, number, timeout)
	switch {
	case errors.Is(err, wait.ErrTimeout):
		plan.Status = types.StringValue(tendlcrules.StatusProcessing)
		kit.AddTimeoutError(&resp.Diagnostics, "Timed out waiting for the 10DLC number link", what, timeout, tendlcrules.StatusProcessing)
		return true
	case err != nil:
		plan.Status = types.StringValue(tendlcrules.StatusProcessing)
		kit.AddAPIError(&resp.Diagnostics, "Error waiting for the 10DLC number link", what, err)
		return true
	case n == nil:
		resp.Diagnostics.AddError("10DLC number link disappeared",
			fmt.Sprintf("%s vanished while the link request was processed (was the campaign deleted?). Nothing was saved; apply again to retry.", what))
		return false
	case n.Status == tendlcrules.StatusFailed:
		resp.Diagnostics.AddAttributeError(path.Root("number"), "Operators refused to link the number to the 10DLC campaign",
			fmt.Sprintf("The link request for %s failed: %s\n\nNothing was saved in the state; apply again to retry the link.", what, n.Reason))
		return false
	}
	plan.Status = types.StringValue(n.Status)
	return true
}

// unlinkCampaignNumber asks the operators to unlink the number and waits
// until they have (or refused); a number not linked is done at once.
func unlinkCampaignNumber(ctx context.Context, c *client.Client, state *tendlcCampaignNumberModel, diags *diag.Diagnostics) {
	timeout, d := state.Timeouts.Delete(ctx, defaultLinkTimeout)
	diags.Append(d...)
	if diags.HasError() {
		return
	}
	campaignID, number, what := state.link()
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()

	// A request still in progress (a link that timed out earlier, which
	// the refresh before this destroy read as PROCESSING) must settle
	// before the number can be unlinked. A completed link is unlinked at
	// once, with no read before: an unlink of a number no longer linked
	// is answered 404, which is done.
	var err error
	if state.Status.ValueString() != tendlcrules.StatusCompleted {
		n, werr := waitNumberLinked(ctx, c, campaignID, number, timeout)
		if werr == nil && (n == nil || n.Status == tendlcrules.StatusFailed) {
			return // not linked: nothing to unlink
		}
		err = werr
	}
	if err == nil {
		err = unlinkNumberOrConfirm(ctx, c, campaignID, number, client.NumberUnlink{URL: state.URL.ValueString(), Method: state.Method.ValueString()})
		if errors.Is(err, client.ErrNotFound) {
			return
		}
	}
	if err == nil {
		// After the request the number reads PROCESSING until operators
		// answer: gone (unlinked) or COMPLETED with a reason (refused).
		var n *client.CampaignNumber
		n, err = waitNumberUnlinked(ctx, c, campaignID, number, timeout)
		if err == nil && n != nil {
			diags.AddError("Operators refused to unlink the number from the 10DLC campaign",
				fmt.Sprintf("The unlink request for %s failed: %s\n\nThe number is still linked and stays in the state; run terraform destroy or apply again to retry.", what, n.Reason))
			return
		}
	}
	switch {
	case errors.Is(err, wait.ErrTimeout) || errors.Is(err, context.DeadlineExceeded):
		diags.AddError("Timed out waiting for the 10DLC number unlink",
			fmt.Sprintf("%s is still being processed after %s. It stays in the state; raise timeouts.delete and try again.", what, timeout))
	case err != nil:
		kit.AddAPIError(diags, "Error unlinking number from 10DLC campaign", what, err)
	}
}
