package provider

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/endpointrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wait"
)

// Creates whose outcome is unknown. A create is never retried blindly: when
// its reply was lost or it failed with a 5xx (client.IsAmbiguousCreate), the
// provider looks the object up by what identifies it. Exactly one match is
// adopted; no match means the create was not carried out and it is sent
// again (at most maxCreateAttempts in all); several matches are an error,
// never a guess. A message is never sent again (sendMessageOrAdopt, in message_send.go).

// maxCreateAttempts bounds the creates of one object within one apply.
const maxCreateAttempts = 3

// lookupWindow is how far before the start of a create a candidate's
// creation time may lie, to tolerate clock skew between the provider and
// the API. Objects created earlier than that are never adopted.
const lookupWindow = 2 * time.Minute

// Adoption rules, quoted in each resource's description.
const (
	adoptRuleEndpoint = "If the API's reply to the create is lost (or is a 5xx), the provider does not create a second endpoint: " +
		"it lists the endpoints and adopts the one whose SIP username is `username` followed by 12 digits and whose alias, " +
		"password digest and application equal the configured ones; when none matches the create is sent again, when " +
		"several match the apply stops with an error naming them."
	adoptRuleBrand = "If the API's reply to the create is lost (or is a 5xx), the provider does not register a second brand: it " +
		"lists the brands and adopts the one with the same `brand_alias`, `profile_uuid` and `brand_type`; when none matches " +
		"the create is sent again, when several match the apply stops with an error naming them."
	adoptRuleCampaign = "If the API's reply to the create is lost (or is a 5xx), the provider does not create a second campaign: " +
		"it lists the campaigns of `brand_id` and adopts the one with the same `campaign_alias`, `usecase` and `vertical`; " +
		"when none matches the create is sent again, when several match the apply stops with an error naming them."
	adoptRuleCampaignNumber = "If the API's reply to the link request is lost (or is a 5xx), the provider reads the number in " +
		"the campaign: a pending or completed link is adopted, otherwise the link request is sent again."
	adoptRulePhoneNumber = "If the API's reply to the purchase is lost (or is a 5xx), the provider reads the number from the " +
		"account's numbers (`Number/<number>`): when the account owns it the purchase is adopted, otherwise it is sent again."
	adoptRuleMaskingSession = "If the API's reply to the create is lost (or is a 5xx), the provider does not create a second " +
		"session: it lists the active sessions between `first_party` and `second_party` created since two minutes before the " +
		"create began, and adopts the one match; when none matches the create is sent again, when several match the apply " +
		"stops with an error naming them."
)

// severalMatchesError reports a lookup that found more than one candidate.
type severalMatchesError struct {
	kind, identity string
	ids            []string
	cause          error
}

func (e *severalMatchesError) Error() string {
	return fmt.Sprintf("the reply to the create was lost (%v), and %d existing %ss match %s: %s. The provider cannot tell "+
		"which one this create made and adopted none. Import the right one (terraform import) and delete the others, "+
		"or make the configuration unique.", e.cause, len(e.ids), e.kind, e.identity, strings.Join(e.ids, ", "))
}

// lookupFailedError reports a lookup that could not be done: whether the
// object exists is unknown. It unwraps to the create's error, so the
// diagnostic also says the request may have been carried out.
type lookupFailedError struct {
	kind         string
	create, find error
}

func (e *lookupFailedError) Error() string {
	return fmt.Sprintf("%v; looking for the %s it may have created failed too: %v", e.create, e.kind, e.find)
}

func (e *lookupFailedError) Unwrap() error { return e.create }

// lookupAttempts is how many times one lookup is tried, each with the
// client's own retries: a lookup that fails leaves an object possibly
// orphaned, so it is worth insisting.
const lookupAttempts = 3

func lookupWithRetry[T any](ctx context.Context, lookup func(context.Context) ([]T, error)) ([]T, error) {
	return wait.Retry(ctx, "lookup after an ambiguous create", lookupAttempts, 0, wait.Always, lookup)
}

// createOrAdopt runs create and, when its outcome is ambiguous, adopts what
// lookup finds as described above. ids names candidates in errors.
func createOrAdopt[T any](ctx context.Context, kind, identity string, create func(context.Context) (T, error),
	lookup func(context.Context) ([]T, error), ids func(T) string) (T, error) {
	var zero T
	var err error
	for attempt := 1; attempt <= maxCreateAttempts; attempt++ {
		var out T
		if out, err = create(ctx); err == nil || !client.IsAmbiguousCreate(err) {
			return out, err
		}
		tflog.Warn(ctx, "create outcome unknown; looking the object up instead of creating another",
			map[string]any{"kind": kind, "identity": identity, "attempt": attempt, "error": err.Error()})
		found, lerr := lookupWithRetry(ctx, lookup)
		if lerr != nil {
			return zero, &lookupFailedError{kind: kind, create: err, find: lerr}
		}
		switch len(found) {
		case 1:
			tflog.Info(ctx, "adopted the object an ambiguous create made", map[string]any{"kind": kind, "id": ids(found[0])})
			return found[0], nil
		case 0:
			continue // not carried out: send it again
		default:
			names := make([]string, len(found))
			for i, f := range found {
				names[i] = ids(f)
			}
			return zero, &severalMatchesError{kind: kind, identity: identity, ids: names, cause: err}
		}
	}
	return zero, err
}

// createEndpointOrAdopt is CreateEndpoint that never makes a duplicate.
func createEndpointOrAdopt(ctx context.Context, c *client.Client, in client.EndpointCreate) (*client.EndpointCreated, error) {
	digest := endpointrules.PasswordDigest(in.Password)
	return createOrAdopt(ctx, "endpoint", fmt.Sprintf("username %s + %d digits, alias %q, the same password and app_id %q",
		in.Username, endpointrules.UsernameSuffixDigits, in.Alias, in.AppID),
		func(ctx context.Context) (*client.EndpointCreated, error) { return c.CreateEndpoint(ctx, in) },
		func(ctx context.Context) ([]*client.EndpointCreated, error) {
			all, err := c.ListAllEndpoints(ctx)
			if err != nil {
				return nil, err
			}
			var found []*client.EndpointCreated
			for _, e := range all {
				if endpointrules.IsSIPUsernameOf(e.Username, in.Username) && e.Alias == in.Alias && e.Password == digest && e.AppID() == in.AppID {
					found = append(found, &client.EndpointCreated{Username: e.Username, Alias: e.Alias, EndpointID: e.EndpointID, Message: "adopted"})
				}
			}
			return found, nil
		},
		func(e *client.EndpointCreated) string { return e.EndpointID })
}

// createBrandOrAdopt is CreateBrand that never registers a duplicate.
func createBrandOrAdopt(ctx context.Context, c *client.Client, in client.BrandCreate) (*client.BrandCreated, error) {
	return createOrAdopt(ctx, "10DLC brand", fmt.Sprintf("brand_alias %q, profile_uuid %s and brand_type %s", in.BrandAlias, in.ProfileUUID, in.BrandType),
		func(ctx context.Context) (*client.BrandCreated, error) { return c.CreateBrand(ctx, in) },
		func(ctx context.Context) ([]*client.BrandCreated, error) {
			all, err := c.ListAllBrands(ctx)
			if err != nil {
				return nil, err
			}
			var found []*client.BrandCreated
			for _, b := range all {
				if b.BrandAlias == in.BrandAlias && b.ProfileUUID == in.ProfileUUID && (in.BrandType == "" || b.BrandType == in.BrandType) {
					found = append(found, &client.BrandCreated{BrandID: b.BrandID, Message: "adopted"})
				}
			}
			return found, nil
		},
		func(b *client.BrandCreated) string { return b.BrandID })
}

// createCampaignOrAdopt is CreateCampaign that never makes a duplicate.
func createCampaignOrAdopt(ctx context.Context, c *client.Client, in client.CampaignCreate) (*client.CampaignCreated, error) {
	return createOrAdopt(ctx, "10DLC campaign", fmt.Sprintf("campaign_alias %q, usecase %s and vertical %s of brand %s", in.CampaignAlias, in.Usecase, in.Vertical, in.BrandID),
		func(ctx context.Context) (*client.CampaignCreated, error) { return c.CreateCampaign(ctx, in) },
		func(ctx context.Context) ([]*client.CampaignCreated, error) {
			all, err := c.ListAllCampaigns(ctx, in.BrandID)
			if err != nil {
				return nil, err
			}
			var found []*client.CampaignCreated
			for _, k := range all {
				if k.BrandID == in.BrandID && k.CampaignAlias == in.CampaignAlias && k.Usecase == in.Usecase && k.Vertical == in.Vertical {
					found = append(found, &client.CampaignCreated{CampaignID: k.CampaignID, Message: "adopted"})
				}
			}
			return found, nil
		},
		func(k *client.CampaignCreated) string { return k.CampaignID })
}

// linkNumberOrAdopt is LinkNumbers for one number that adopts a link
// request the API received without the reply arriving.
func linkNumberOrAdopt(ctx context.Context, c *client.Client, campaignID string, in client.NumberLink) error {
	number := in.Numbers[0]
	_, err := createOrAdopt(ctx, "10DLC number link", "number "+number+" in campaign "+campaignID,
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
	for attempt := 1; attempt <= maxCreateAttempts; attempt++ {
		if err = c.UnlinkNumber(ctx, campaignID, number, in); err == nil || !client.IsAmbiguousCreate(err) {
			return err
		}
		n, lerr := lookupWithRetry(ctx, func(ctx context.Context) ([]*client.CampaignNumber, error) {
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
			return &lookupFailedError{kind: "10DLC number link", create: err, find: lerr}
		case n[0].Status == tendlcrules.StatusProcessing:
			return nil
		}
	}
	return err
}

// buyPhoneNumberOrAdopt is BuyPhoneNumber that adopts a purchase the API
// carried out without the reply arriving.
func buyPhoneNumberOrAdopt(ctx context.Context, c *client.Client, number string, in client.PhoneNumberBuy) (*client.PhoneNumberBought, error) {
	return createOrAdopt(ctx, "phone number", "number "+number,
		func(ctx context.Context) (*client.PhoneNumberBought, error) { return c.BuyPhoneNumber(ctx, number, in) },
		func(ctx context.Context) ([]*client.PhoneNumberBought, error) {
			n, err := c.GetNumber(ctx, number)
			if errors.Is(err, client.ErrNotFound) {
				return nil, nil
			}
			if err != nil {
				return nil, err
			}
			return []*client.PhoneNumberBought{{Message: "adopted", Status: "fulfilled", Numbers: []client.BoughtNumber{{Number: n.Number, Status: "Success"}}}}, nil
		},
		func(*client.PhoneNumberBought) string { return number })
}

// createMaskingSessionOrAdopt is CreateMaskingSession that never makes a
// duplicate session.
func createMaskingSessionOrAdopt(ctx context.Context, c *client.Client, in client.MaskingSessionCreate) (*client.MaskingSessionCreated, error) {
	since := time.Now().Add(-lookupWindow).UTC().Format("2006-01-02 15:04:05")
	return createOrAdopt(ctx, "masking session", fmt.Sprintf("active, between %s and %s, created since %s", in.FirstParty, in.SecondParty, since),
		func(ctx context.Context) (*client.MaskingSessionCreated, error) {
			return c.CreateMaskingSession(ctx, in)
		},
		func(ctx context.Context) ([]*client.MaskingSessionCreated, error) {
			all, err := c.ListAllMaskingSessions(ctx, client.MaskingSessionFilter{
				FirstParty: in.FirstParty, SecondParty: in.SecondParty, Status: "active", CreatedTimeGTE: since,
			})
			if err != nil {
				return nil, err
			}
			var found []*client.MaskingSessionCreated
			for _, s := range all {
				if s.FirstParty == in.FirstParty && s.SecondParty == in.SecondParty && !s.IsExpired() {
					found = append(found, &client.MaskingSessionCreated{SessionUUID: s.SessionUUID, VirtualNumber: "+" + s.VirtualNumber, Message: "adopted", Session: s})
				}
			}
			return found, nil
		},
		func(s *client.MaskingSessionCreated) string { return s.SessionUUID })
}
