package provtest

import (
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
)

func IdentityIs(kv ...string) map[string]knownvalue.Check {
	m := map[string]knownvalue.Check{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i]] = knownvalue.StringExact(kv[i+1])
	}
	return m
}
