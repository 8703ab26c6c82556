package kit

import (
	"fmt"
	"strings"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// subcategory is the group of the registry's navigation a page is in.
// docs_test.go checks every generated page names one of these.
type subcategory string

const (
	SubAccounts     subcategory = "Accounts"
	SubCallMasking  subcategory = "Call Masking"
	SubMessaging    subcategory = "Messaging"
	SubPhoneNumbers subcategory = "Phone Numbers"
	SubSIPEndpoints subcategory = "SIP Endpoints"
	SubSIPTrunking  subcategory = "SIP Trunking"
	SubTenDLC       subcategory = "10DLC"
)

// DocPage is what the docs generator (internal/cmd/docpages) needs of one
// page besides what tfplugindocs reads from the schema: the kind's
// subcategory and the particulars the kind declares.
type DocPage struct {
	// Dir is the page's directory under docs/ and templates/:
	// "resources", "data-sources", "list-resources", "ephemeral-resources",
	// "actions" or "functions".
	Dir string
	// Name is the page's file name without ".md": "10dlc_brand".
	Name        string
	Subcategory string
	// Intro is markdown shown after the description; "" for none.
	Intro string
	// Refresh is the resource page's note on refreshes from the listing;
	// "" for a kind no listing answers.
	Refresh string
}

// pageDocs is what a kind declares for its page.
type PageDocs struct {
	Subcategory subcategory
	// intro is markdown shown after the description (what the schema's
	// description does not say); "" for none.
	Intro string
	// listed describes the listing that answers the kind's refreshes (nil:
	// none does). It names the client.Listing the kind's refresh reads.
	Listed *ListedDoc
}

// listedDoc is the Refresh note of a resource whose refreshes a
// client.Listing answers. The figures come from the listing and the
// client's constants, so the page cannot drift from the code.
type ListedDoc struct {
	// limit is the listing's page: client.XListing.Limit (0: one call per
	// parent returns all).
	Limit int
	// objects and object name them: "endpoints", "endpoint".
	Objects, Object string
	// from names the list: "the account's endpoint list".
	From string
	// parent names the parent of a child kind listed per parent
	// ("campaign"), "" for a kind the account lists.
	Parent string
	// lacks are the attributes the list items leave out, which keep the
	// state's value for an object the listing answered (the refresh's
	// lacks function puts them back); nil: the items carry all the GET does.
	Lacks []string
	// more is what else the note says of the items, "" for nothing.
	More string
}

// note is the Refresh section's text, one wording for every kind.
func (d *ListedDoc) note() string {
	per := fmt.Sprintf("one request per %d %s", d.Limit, d.Objects)
	if d.Limit == 0 {
		per = "one request per " + d.Parent
	}
	items := fmt.Sprintf("The list's items carry everything a read of one %s does.", d.Object)
	if len(d.Lacks) > 0 {
		quoted := make([]string, len(d.Lacks))
		for i, a := range d.Lacks {
			quoted[i] = "`" + a + "`"
		}
		keeps := "which then keeps the state's value"
		if len(d.Lacks) > 1 {
			keeps = "which then keep the state's values"
		}
		items = fmt.Sprintf("The list's items carry everything a read of one %s does but %s, %s.", d.Object, strings.Join(quoted, " and "), keeps)
	}
	if d.More != "" {
		items += " " + d.More
	}
	return fmt.Sprintf("When one run refreshes %d or more %s (a `terraform plan` of a workspace that has them), "+
		"the provider reads them from %s, %s, instead of making one request for each. %s "+
		"An object missing from the list (a list can shift while objects are added or deleted) is read on its own, "+
		"and only that read saying it no longer exists removes it from the state. "+
		"A run that refreshes fewer reads each on its own. When the list would take more than %d requests, "+
		"the run first reads them one at a time, and the rest from the list once those reads number the list's requests beyond %d "+
		"(when the API says how long the list is): a few %s of a very large account never pay for its whole list.",
		client.RefreshListAfter, d.Objects, d.From, per, items, client.RefreshListMaxPages, client.RefreshListMaxPages, d.Objects)
}

// page is the DocPage of a kind's page in dir.
func (d PageDocs) Page(dir, typeName string) DocPage {
	p := DocPage{Dir: dir, Name: strings.TrimPrefix(typeName, "_"), Subcategory: string(d.Subcategory), Intro: d.Intro}
	if d.Listed != nil && dir == "resources" {
		p.Refresh = d.Listed.note()
	}
	return p
}

// documented is what serves a page: every resource, data source, list
// resource, ephemeral resource, action and function of the provider.
type Documented interface {
	DocPage() DocPage
}

func (r *ObjectResource[M]) DocPage() DocPage { return r.Kind.Docs.Page("resources", r.Kind.TypeName) }

func (d *objectDataSource[M]) DocPage() DocPage {
	return PageDocs{Subcategory: d.kind.Subcategory}.Page("data-sources", d.kind.TypeName)
}

func (r *ListResource) DocPage() DocPage {
	typeName, _, newResource := r.Of.listing()
	res, _ := newResource().(Documented)
	if res == nil {
		return DocPage{Dir: "list-resources", Name: strings.TrimPrefix(typeName, "_")}
	}
	return DocPage{Dir: "list-resources", Name: strings.TrimPrefix(typeName, "_"), Subcategory: res.DocPage().Subcategory}
}

func (e *ephemeralObject[M]) DocPage() DocPage {
	return PageDocs{Subcategory: e.kind.Subcategory}.Page("ephemeral-resources", e.kind.TypeName)
}

// StopManaging is a page's paragraph on forgetting an object of
// resourceType (what names it in words) without deleting it.
func StopManaging(resourceType, what string) string {
	return "**To stop managing " + what + " without deleting it**, replace its resource block with a `removed` block " +
		"whose `lifecycle { destroy = false }` (Terraform and OpenTofu 1.7 or later) forgets it:\n\n" +
		"```terraform\nremoved {\n  from = " + resourceType + ".NAME\n  lifecycle {\n    destroy = false\n  }\n}\n```\n\n" +
		"With Terraform 1.15 or later, `lifecycle { destroy = false }` in the resource block itself makes `terraform destroy` " +
		"forget it too. The account keeps it; another configuration adopts it with an `import` block."
}
