package numberrules

import (
	"fmt"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
	"net/url"
	"testing"
)

func params(kv ...string) url.Values {
	v := url.Values{}
	for i := 0; i < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return v
}

func problems(err error) map[string]string {
	out := map[string]string{}
	if l, ok := fielderr.AsList(err); ok {
		for _, p := range l {
			out[p.Path.String()] = p.Rule
		}
	}
	return out
}

func TestParseUnknownSkipsDependentRules(t *testing.T) {
	cases := []struct {
		name    string
		kv      []string
		unknown []string
		want    []string // params with problems
	}{
		{"unknown country skips required and nanp rules", []string{"npanxx", "415200", "lata", "722"}, []string{"country_iso"}, nil},
		{"known GB refuses npanxx", []string{"country_iso", "GB", "npanxx", "415200"}, nil, []string{"npanxx"}},
		{"unknown npanxx satisfies lca", []string{"country_iso", "US", "local_calling_area", "true"}, []string{"npanxx"}, nil},
		{"missing npanxx breaks lca", []string{"country_iso", "US", "local_calling_area", "true"}, nil, []string{"local_calling_area"}},
		{"unknown type skips region rule", []string{"country_iso", "US", "region", "California"}, []string{"type"}, nil},
		{"toll-free refuses region", []string{"country_iso", "US", "region", "California", "type", "toll-free"}, nil, []string{"region"}},
		{"own rules still apply beside unknowns", []string{"country_iso", "US", "pattern", "4-1"}, []string{"type"}, []string{"pattern"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(params(tc.kv...), tc.unknown...)
			got := problems(err)
			if len(got) != len(tc.want) {
				t.Fatalf("problems %v, want params %v", got, tc.want)
			}
			for _, p := range tc.want {
				if _, ok := got[p]; !ok {
					t.Fatalf("problems %v, want one for %s", got, p)
				}
			}
		})
	}
}

func TestParseNormalises(t *testing.T) {
	p, err := Parse(params("country_iso", "us", "type", "TollFree", "services", " SMS , voice", "compliance_requirement", "{null}"))
	if err != nil {
		t.Fatal(err)
	}
	if p.CountryISO != "US" || p.Type != TypeTollfree || !p.SMS || !p.Voice || p.ComplianceRequirement != ComplianceNull || p.Limit != DefaultLimit {
		t.Fatalf("got %+v", p)
	}
}

func TestCheckNumber(t *testing.T) {
	for _, ok := range []string{"14155550100", "442071234567", "1", "123456789012345"} {
		if err := CheckNumber("number", ok); err != nil {
			t.Errorf("CheckNumber(%q) = %v", ok, err)
		}
	}
	for _, bad := range []string{"", "+14155550100", "0415", "1234567890123456", "1415 555"} {
		if err := CheckNumber("number", bad); err == nil || err.Error() != fmt.Sprintf("number %q is invalid: it %s", bad, RuleNumber) {
			t.Errorf("CheckNumber(%q) = %v, want the error naming the field, the value and the rule", bad, err)
		}
	}
}

func TestCheckTypeTakesWhatTheFilterTakes(t *testing.T) {
	for raw, ok := range map[string]bool{"toll-free": true, "tollfree": true, "LOCAL": true, "national": true, "mobile": true, "fixed": true, "landline": false, "": false} {
		err := CheckType("type", raw)
		if (err == nil) != ok {
			t.Errorf("CheckType(%q) = %v, want ok %v", raw, err, ok)
		}
		if err != nil && err.Error() != fmt.Sprintf("type %q %s", raw, RuleType) {
			t.Errorf("CheckType(%q) = %v, want the error naming the field, the value and the rule", raw, err)
		}
		if _, normal := NormalizeType(raw); normal != ok {
			t.Errorf("CheckType and NormalizeType disagree on %q", raw)
		}
	}
}

// A number is toll-free by its type, in either spelling, or its sub-type;
// its pool route follows.
func TestIsTollfree(t *testing.T) {
	for _, tc := range []struct {
		typ, sub string
		want     bool
	}{
		{"toll-free", "", true}, {"tollfree", "", true}, {"fixed", "toll-free", true},
		{"fixed", "local", false}, {"mobile", "", false}, {"", "", false},
	} {
		if got := IsTollfree(tc.typ, tc.sub); got != tc.want {
			t.Errorf("IsTollfree(%q, %q) = %v, want %v", tc.typ, tc.sub, got, tc.want)
		}
	}
	if PoolRoute(true) != "Tollfree" || PoolRoute(false) != "Number" {
		t.Errorf("PoolRoute: %q, %q", PoolRoute(true), PoolRoute(false))
	}
}
