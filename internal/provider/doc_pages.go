package provider

import (
	"context"
	"fmt"
	"sort"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// DocPages lists the page of everything the provider serves, in the order
// of directory and name. An entry without a subcategory is an error of
// the kind's declaration.
func DocPages(ctx context.Context) ([]kit.DocPage, error) {
	p := &CPaaSProvider{}
	var all []any
	for _, f := range p.Resources(ctx) {
		all = append(all, f())
	}
	for _, f := range p.DataSources(ctx) {
		all = append(all, f())
	}
	for _, f := range p.ListResources(ctx) {
		all = append(all, f())
	}
	for _, f := range p.EphemeralResources(ctx) {
		all = append(all, f())
	}
	for _, f := range p.Actions(ctx) {
		all = append(all, f())
	}
	for _, f := range p.Functions(ctx) {
		all = append(all, f())
	}
	var pages []kit.DocPage
	for _, x := range all {
		d, ok := x.(kit.Documented)
		if !ok {
			return nil, fmt.Errorf("%T has no docPage: give its kind a subcategory (internal/provider/kit/docs.go)", x)
		}
		page := d.DocPage()
		if page.Subcategory == "" {
			return nil, fmt.Errorf("%s/%s has no subcategory: set it in its kind's declaration", page.Dir, page.Name)
		}
		pages = append(pages, page)
	}
	sort.Slice(pages, func(i, j int) bool {
		if pages[i].Dir != pages[j].Dir {
			return pages[i].Dir < pages[j].Dir
		}
		return pages[i].Name < pages[j].Name
	})
	return pages, nil
}
