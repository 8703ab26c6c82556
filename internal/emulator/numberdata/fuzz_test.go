package numberdata

import (
	"net/url"
	"testing"
)

var fuzzInventory = New()

// FuzzParseQuery feeds raw query strings through ParseQuery and, when they parse, through
// Search and Meta: nothing may panic and a parsed query must respect the rules.
func FuzzParseQuery(f *testing.F) {
	f.Add("country_iso=US&type=local&pattern=415CALL")
	f.Add("country_iso=US&npanxx=415200&local_calling_area=true&limit=5&offset=3")
	f.Add("country_iso=GB&region=England&services=voice,sms")
	f.Fuzz(func(t *testing.T, raw string) {
		v, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		q, err := ParseQuery(v)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		if len(q.CountryISO) != 2 || q.Limit < 1 || q.Limit > MaxLimit || q.Offset < 0 {
			t.Fatalf("parsed query breaks the rules: %+v", q)
		}
		items, total := fuzzInventory.Search(q)
		if len(items) > q.Limit || len(items) > total {
			t.Fatalf("%d items, total %d, limit %d", len(items), total, q.Limit)
		}
		_ = Meta(q, total, "/v1/Account/MA0123456789ABCDEFGH/PhoneNumber/")
	})
}
