package numbertest

import (
	"net/url"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator/numberdata"
)

// ExpectedSearch computes, from a fresh inventory and independently of the
// provider and the client, the first maxResults numbers a search finds (paging
// with the largest page) and the total count.
func ExpectedSearch(t *testing.T, maxResults int, kv ...string) ([]string, int) {
	t.Helper()
	v := url.Values{}
	for i := 0; i < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	q, err := numberdata.ParseQuery(v)
	if err != nil {
		t.Fatal(err)
	}
	inv := numberdata.New()
	var out []string
	total := 0
	for q.Offset = 0; len(out) < maxResults; q.Offset += numberdata.MaxLimit {
		q.Limit = numberdata.MaxLimit
		items, n := inv.Search(q)
		total = n
		for _, it := range items {
			out = append(out, it.Number)
		}
		if len(items) == 0 {
			break
		}
	}
	if len(out) > maxResults {
		out = out[:maxResults]
	}
	return out, total
}
