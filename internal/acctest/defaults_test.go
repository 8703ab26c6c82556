package acctest

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// A case gets the PreCheck and the provider it does not name, and keeps
// those it does.
func TestWithDefaults(t *testing.T) {
	var bare resource.TestCase
	withDefaults(t, &bare)
	if bare.PreCheck == nil || bare.ProtoV6ProviderFactories == nil || bare.ProtoV6ProviderFactories["cpaas"] == nil {
		t.Fatalf("a bare case got no PreCheck or no provider: %+v", bare)
	}
	called := false
	own := map[string]func() (tfprotov6.ProviderServer, error){"other": nil}
	named := resource.TestCase{PreCheck: func() { called = true }, ProtoV6ProviderFactories: own}
	withDefaults(t, &named)
	named.PreCheck()
	if !called || len(named.ProtoV6ProviderFactories) != 1 || named.ProtoV6ProviderFactories["cpaas"] != nil {
		t.Fatalf("a case's own PreCheck or providers were replaced: %+v", named)
	}
}
