package acctest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// The sweepers of make sweep (terraform-plugin-testing's -sweep, which
// Main hands to resource.TestMain): each deletes the objects of one kind
// whose name or alias starts with Prefix, on the account real mode names,
// after the kinds that refer to them (Dependencies), and prints one line per
// object it deleted and one per kind with what it left. The "region" the
// harness passes is ignored: an account has none.

// sweepKind is one kind's sweeper.
type sweepKind[T any] struct {
	name  string   // the kind, as printed
	kind  string   // the kind in Env.Objects (the emulator's inventory)
	after []string // the sweepers that must run first
	list  func(context.Context, *client.Client) ([]T, error)
	label func(T) string // its name or alias
	id    func(T) string
	del   func(*client.Client, context.Context, string) error
	// spend, when set, is the category CPAAS_ACC_SPEND must name for the
	// sweeper to delete (release) anything.
	spend SpendCategory
	// personal marks a label that is personal data (an end user's name):
	// the sweep then prints only the prefix and the test's tag.
	personal bool
}

// shown is the label as the sweep prints it.
func (k sweepKind[T]) shown(label string) string {
	if !k.personal {
		return label
	}
	if parts := strings.SplitN(label, "-", 3); len(parts) == 3 {
		return parts[0] + "-" + parts[1] + "-… (name withheld)"
	}
	return "(name withheld)"
}

// inventory is one kind of Env.Objects in real mode.
type inventory struct {
	kind string
	// ids lists the account's objects of the kind; since is when the test
	// started, for a kind the account keeps for ever (messages), whose
	// listing need not go further back.
	ids func(ctx context.Context, c *client.Client, since time.Time) ([]string, error)
	// owner is the id the test must have created for an object to be its:
	// the object's own (nil), or its parent's (a campaign's for a link).
	owner func(id string) string
	// del deletes one (nil: the test's objects of the kind are left to
	// expire); spend is the category its delete needs (a release).
	del   func(*client.Client, context.Context, string) error
	spend SpendCategory
}

// inventories are the kinds real mode's Env.Objects lists: those the
// sweepers list.
var inventories []inventory

// sweeps are the sweepers by name, for the tests to run one.
var sweeps = map[string]func() error{}

func (k sweepKind[T]) register() bool {
	inventories = append(inventories, inventory{kind: k.kind, ids: func(ctx context.Context, c *client.Client, _ time.Time) ([]string, error) {
		objs, err := k.list(ctx, c)
		ids := make([]string, 0, len(objs))
		for _, o := range objs {
			ids = append(ids, k.id(o))
		}
		return ids, err
	}, del: k.del, spend: k.spend})
	sweeps[k.name] = k.sweep
	resource.AddTestSweepers(k.name, &resource.Sweeper{Name: k.name, Dependencies: k.after, F: func(string) error { return k.sweep() }})
	return true
}

func (k sweepKind[T]) sweep() error {
	if realMode == nil {
		return errors.New("make sweep needs real mode: CPAAS_ACC_REAL=1 with CPAAS_BASE_URL, CPAAS_AUTH_ID and CPAAS_AUTH_TOKEN")
	}
	c, err := realClient()
	if err != nil {
		return err
	}
	ctx := context.Background()
	objs, err := k.list(ctx, c)
	if err != nil {
		return fmt.Errorf("listing %s: %w", k.name, err)
	}
	others, kept := 0, 0
	var errs []error
	for _, o := range objs {
		label, id := k.label(o), k.id(o)
		switch {
		case !Prefixed(label):
			others++
		case k.spend != "" && !realMode.spend[k.spend]:
			kept++
			fmt.Printf("left %s %s (%s): %s=%s releases it\n", k.name, id, k.shown(label), EnvSpend, k.spend)
		default:
			if err := k.del(c, ctx, id); err != nil && !errors.Is(err, client.ErrNotFound) {
				errs = append(errs, fmt.Errorf("deleting %s %s (%s): %w", k.name, id, k.shown(label), err))
				continue
			}
			fmt.Printf("deleted %s %s (%s)\n", k.name, id, k.shown(label))
		}
	}
	fmt.Printf("sweep %s: left %d without the prefix %s untouched", k.name, others, Prefix)
	if kept > 0 {
		fmt.Printf(", and %d with it", kept)
	}
	fmt.Println()
	return errors.Join(errs...)
}

// Masking sessions have no name to sweep them by (they expire on their
// own), but Env.Objects lists the test's own.
var _ = func() bool {
	inventories = append(inventories, inventory{kind: "masking_sessions", ids: func(ctx context.Context, c *client.Client, _ time.Time) ([]string, error) {
		sessions, err := c.ListAllMaskingSessions(ctx, client.MaskingSessionFilter{Status: "active"})
		ids := make([]string, 0, len(sessions))
		for _, s := range sessions {
			ids = append(ids, s.SessionUUID)
		}
		return ids, err
	}})
	return true
}()

// Messages cannot be deleted, nor can a campaign's link be swept apart
// from its campaign: Env.Objects lists the test's own, as the emulator's
// inventory does ("messages", "10dlc_campaign_numbers"), so that a test
// counts what its configuration sent and linked.
var _ = func() bool {
	inventories = append(inventories,
		inventory{kind: "messages", ids: func(ctx context.Context, c *client.Client, since time.Time) ([]string, error) {
			// The account keeps every message it sent: only those queued
			// since the test started (an hour's margin for the service's
			// clock) can be the test's.
			msgs, err := c.ListAllMessages(ctx, client.MessageFilter{Direction: "outbound",
				TimeGTE: since.Add(-time.Hour).UTC().Format("2006-01-02 15:04:05")})
			ids := make([]string, 0, len(msgs))
			for _, m := range msgs {
				ids = append(ids, m.MessageUUID)
			}
			return ids, err
		}},
		inventory{kind: "10dlc_campaign_numbers", ids: listCampaignLinks, owner: func(id string) string {
			campaign, _, _ := strings.Cut(id, "/")
			return campaign
		}})
	return true
}()

// listCampaignLinks are "<campaign id>/<number>" for every number linked,
// or being linked, to a campaign of the tests (its alias has the prefix);
// a refused link (FAILED) holds nothing, as in the emulator's inventory.
func listCampaignLinks(ctx context.Context, c *client.Client, _ time.Time) ([]string, error) {
	campaigns, err := c.ListAllCampaigns(ctx, "")
	if err != nil {
		return nil, fmt.Errorf("listing the campaigns: %w", err)
	}
	var ids []string
	for _, k := range campaigns {
		if !Prefixed(k.CampaignAlias) {
			continue
		}
		nums, err := c.ListCampaignNumbers(ctx, k.CampaignID)
		if errors.Is(err, client.ErrNotFound) {
			continue // deleted meanwhile
		}
		if err != nil {
			return ids, fmt.Errorf("listing the numbers of campaign %s: %w", k.CampaignID, err)
		}
		for _, n := range nums.PhoneNumbers {
			if n.Status != "FAILED" {
				ids = append(ids, k.CampaignID+"/"+n.Number)
			}
		}
	}
	return ids, nil
}

// tollfreeOfProfile is a toll-free verification with the alias of the
// profile it hangs from ("" when the profile is gone).
type tollfreeOfProfile struct {
	client.TollfreeVerification
	profileAlias string
}

func listTollfreeWithProfiles(ctx context.Context, c *client.Client) ([]tollfreeOfProfile, error) {
	profiles, err := c.ListAllProfiles(ctx)
	if err != nil {
		return nil, fmt.Errorf("listing the profiles: %w", err)
	}
	aliases := make(map[string]string, len(profiles))
	for _, p := range profiles {
		aliases[p.ProfileUUID] = p.ProfileAlias
	}
	vs, err := c.ListAllTollfreeVerifications(ctx, client.TollfreeFilter{})
	out := make([]tollfreeOfProfile, 0, len(vs))
	for _, v := range vs {
		out = append(out, tollfreeOfProfile{v, aliases[v.ProfileUUID]})
	}
	return out, err
}

// realClient is a client for real mode's account.
func realClient() (*client.Client, error) {
	return client.New(client.Config{BaseURL: realMode.baseURL, AuthID: realMode.authID, AuthToken: realMode.authToken, Version: "sweep"})
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

var (
	_ = sweepKind[client.Endpoint]{name: "endpoints", kind: "endpoints",
		list:  func(ctx context.Context, c *client.Client) ([]client.Endpoint, error) { return c.ListAllEndpoints(ctx) },
		label: func(e client.Endpoint) string { return e.Alias }, id: func(e client.Endpoint) string { return e.EndpointID },
		del: (*client.Client).DeleteEndpoint}.register()
	_ = sweepKind[client.AccountNumber]{name: "numbers", kind: "numbers", spend: SpendNumbers, after: []string{"toll-free verifications"},
		list: func(ctx context.Context, c *client.Client) ([]client.AccountNumber, error) {
			return c.ListAllNumbers(ctx, client.AccountNumberFilter{})
		},
		label: func(n client.AccountNumber) string { return str(n.Alias) }, id: func(n client.AccountNumber) string { return n.Number },
		del: (*client.Client).ReleaseNumber}.register()
	_ = sweepKind[client.Powerpack]{name: "powerpacks", kind: "powerpacks",
		list: func(ctx context.Context, c *client.Client) ([]client.Powerpack, error) {
			return c.ListAllPowerpacks(ctx)
		},
		label: func(p client.Powerpack) string { return p.Name }, id: func(p client.Powerpack) string { return p.UUID },
		// Never unrents the pool's numbers: the numbers sweeper releases
		// those that carry the prefix.
		del: func(c *client.Client, ctx context.Context, id string) error { return c.DeletePowerpack(ctx, id, false) }}.register()
	_ = sweepKind[client.Application]{name: "applications", kind: "applications", after: []string{"endpoints", "numbers", "powerpacks"},
		list: func(ctx context.Context, c *client.Client) ([]client.Application, error) {
			return c.ListAllApplications(ctx, "")
		},
		label: func(a client.Application) string { return a.AppName }, id: func(a client.Application) string { return a.AppID },
		del: func(c *client.Client, ctx context.Context, id string) error {
			return c.DeleteApplication(ctx, id, client.ApplicationDelete{})
		}}.register()
	// A number whose calls ring a trunk keeps the trunk from being
	// deleted: the numbers go first.
	_ = sweepKind[client.Trunk]{name: "sip trunks", kind: "sip_trunks", after: []string{"numbers"},
		list: func(ctx context.Context, c *client.Client) ([]client.Trunk, error) {
			return c.ListAllTrunks(ctx, client.TrunkFilter{})
		},
		label: func(t client.Trunk) string { return t.Name }, id: func(t client.Trunk) string { return t.TrunkID },
		del: (*client.Client).DeleteTrunk}.register()
	_ = sweepKind[client.OriginationURI]{name: "sip origination uris", kind: "sip_origination_uris", after: []string{"sip trunks"},
		list: func(ctx context.Context, c *client.Client) ([]client.OriginationURI, error) {
			return c.ListAllOriginationURIs(ctx)
		},
		label: func(u client.OriginationURI) string { return u.Name }, id: func(u client.OriginationURI) string { return u.URIUUID },
		del: (*client.Client).DeleteOriginationURI}.register()
	_ = sweepKind[client.IPACL]{name: "sip ip acls", kind: "sip_ip_acls", after: []string{"sip trunks"},
		list:  func(ctx context.Context, c *client.Client) ([]client.IPACL, error) { return c.ListAllIPACLs(ctx) },
		label: func(a client.IPACL) string { return a.Name }, id: func(a client.IPACL) string { return a.IPACLUUID },
		del: (*client.Client).DeleteIPACL}.register()
	_ = sweepKind[client.SIPCredential]{name: "sip credential lists", kind: "sip_credential_lists", after: []string{"sip trunks"},
		list: func(ctx context.Context, c *client.Client) ([]client.SIPCredential, error) {
			return c.ListAllSIPCredentials(ctx)
		},
		label: func(l client.SIPCredential) string { return l.Name }, id: func(l client.SIPCredential) string { return l.CredentialUUID },
		del: (*client.Client).DeleteSIPCredential}.register()
	_ = sweepKind[client.Campaign]{name: "10dlc campaigns", kind: "10dlc_campaigns",
		list: func(ctx context.Context, c *client.Client) ([]client.Campaign, error) {
			return c.ListAllCampaigns(ctx, "")
		},
		label: func(x client.Campaign) string { return x.CampaignAlias }, id: func(x client.Campaign) string { return x.CampaignID },
		del: (*client.Client).DeleteCampaign}.register()
	_ = sweepKind[client.Brand]{name: "10dlc brands", kind: "10dlc_brands", after: []string{"10dlc campaigns"},
		list:  func(ctx context.Context, c *client.Client) ([]client.Brand, error) { return c.ListAllBrands(ctx) },
		label: func(b client.Brand) string { return b.BrandAlias }, id: func(b client.Brand) string { return b.BrandID },
		del: (*client.Client).DeleteBrand}.register()
	_ = sweepKind[client.Profile]{name: "10dlc profiles", kind: "10dlc_profiles", after: []string{"10dlc brands", "toll-free verifications"},
		list:  func(ctx context.Context, c *client.Client) ([]client.Profile, error) { return c.ListAllProfiles(ctx) },
		label: func(p client.Profile) string { return p.ProfileAlias }, id: func(p client.Profile) string { return p.ProfileUUID },
		del: (*client.Client).DeleteProfile}.register()
	_ = sweepKind[client.ComplianceApplication]{name: "compliance applications", kind: "compliance_applications",
		list: func(ctx context.Context, c *client.Client) ([]client.ComplianceApplication, error) {
			return c.ListAllComplianceApplications(ctx, client.ApplicationFilter{})
		},
		label: func(a client.ComplianceApplication) string { return a.Alias },
		id:    func(a client.ComplianceApplication) string { return a.ComplianceApplicationID },
		del:   (*client.Client).DeleteComplianceApplication}.register()
	// An application names its documents and end user, a document its end
	// user: they go after.
	_ = sweepKind[client.ComplianceDocumentItem]{name: "compliance documents", kind: "compliance_documents",
		after: []string{"compliance applications"},
		list: func(ctx context.Context, c *client.Client) ([]client.ComplianceDocumentItem, error) {
			return c.ListAllComplianceDocuments(ctx, client.DocumentFilter{})
		},
		label: func(d client.ComplianceDocumentItem) string { return d.Alias },
		id:    func(d client.ComplianceDocumentItem) string { return d.ComplianceDocumentID },
		del:   (*client.Client).DeleteComplianceDocument}.register()
	_ = sweepKind[client.EndUser]{name: "end users", personal: true, kind: "end_users", after: []string{"compliance applications", "compliance documents"},
		list:  func(ctx context.Context, c *client.Client) ([]client.EndUser, error) { return c.ListAllEndUsers(ctx) },
		label: func(u client.EndUser) string { return u.Name }, id: func(u client.EndUser) string { return u.EndUserID },
		del: (*client.Client).DeleteEndUser}.register()
	// The one-call API's applications (PhoneNumber/Compliance/), after the
	// numbers linked to them.
	_ = sweepKind[client.Compliance]{name: "phone number compliances", kind: "phone_number_compliances", after: []string{"numbers"},
		list: func(ctx context.Context, c *client.Client) ([]client.Compliance, error) {
			return c.ListAllCompliances(ctx, client.ComplianceFilter{})
		},
		label: func(a client.Compliance) string { return a.Alias }, id: func(a client.Compliance) string { return a.ComplianceID },
		del: (*client.Client).DeleteCompliance}.register()
	_ = sweepKind[client.VerifiedCallerID]{name: "verified caller ids", kind: "verified_caller_ids",
		list: func(ctx context.Context, c *client.Client) ([]client.VerifiedCallerID, error) {
			return c.ListAllVerifiedCallerIDs(ctx, client.VerifiedCallerIDFilter{})
		},
		label: func(v client.VerifiedCallerID) string { return v.Alias }, id: func(v client.VerifiedCallerID) string { return v.PhoneNumber },
		del: (*client.Client).DeleteVerifiedCallerID}.register()
	// A toll-free verification has no name: it is the test's when the
	// profile it hangs from is (profile_alias carries the prefix), so it
	// goes before the profiles, and before the numbers it verifies.
	_ = sweepKind[tollfreeOfProfile]{name: "toll-free verifications", kind: "tollfree_verifications",
		list:  listTollfreeWithProfiles,
		label: func(v tollfreeOfProfile) string { return v.profileAlias }, id: func(v tollfreeOfProfile) string { return v.UUID },
		del: (*client.Client).DeleteTollfreeVerification}.register()
	_ = sweepKind[client.Subaccount]{name: "subaccounts", kind: "subaccounts", after: []string{"applications", "endpoints", "numbers"},
		list: func(ctx context.Context, c *client.Client) ([]client.Subaccount, error) {
			return c.ListAllSubaccounts(ctx)
		},
		label: func(s client.Subaccount) string { return s.Name }, id: func(s client.Subaccount) string { return s.AuthID },
		// cascade false: what the subaccount holds moves to the main
		// account, where the other sweepers judge it by its own name.
		del: func(c *client.Client, ctx context.Context, id string) error {
			return c.DeleteSubaccount(ctx, id, false)
		}}.register()
)
