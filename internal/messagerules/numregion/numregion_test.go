package numregion

import (
	"os/exec"
	"strings"
	"testing"
)

func TestOf(t *testing.T) {
	for _, tt := range []struct {
		number, region string
		usca           bool
	}{
		{"14155550100", "US", true},   // San Francisco
		{"12125550199", "US", true},   // New York
		{"16135550123", "CA", true},   // Ottawa
		{"14165550123", "CA", true},   // Toronto
		{"18765551234", "JM", false},  // Jamaica shares code 1
		{"18095551234", "DO", false},  // Dominican Republic
		{"12425551234", "BS", false},  // Bahamas
		{"17875551234", "PR", false},  // Puerto Rico has its own region
		{"15555550123", "US", true},   // no area code 555: the code's main region
		{"447700900123", "GB", false}, // another calling code
		{"919876543210", "IN", false},
		{"4", "", false}, // no calling code
		{"", "", false},
	} {
		if got := Of(tt.number); got != tt.region {
			t.Errorf("Of(%q) = %q, want %q", tt.number, got, tt.region)
		}
		if got := IsUSOrCanada(tt.number); got != tt.usca {
			t.Errorf("IsUSOrCanada(%q) = %v, want %v", tt.number, got, tt.usca)
		}
	}
}

// TestProviderDoesNotLinkTheLibrary keeps the library's init cost out of
// the provider binary: only the emulator may import this package.
func TestProviderDoesNotLinkTheLibrary(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/cpaas-dev/terraform-provider-cpaas").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.Contains(dep, "nyaruka/phonenumbers") || strings.HasSuffix(dep, "/numregion") {
			t.Errorf("the provider links %s; its init decodes all phone metadata on every provider start", dep)
		}
	}
}
