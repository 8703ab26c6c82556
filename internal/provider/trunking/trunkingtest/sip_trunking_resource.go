package trunkingtest

import (
	"fmt"
)

// The SIP trunking parts of the chaos configuration: each trunk part makes
// the list it names.
func RelSIPIPACLHCL(i int) string {
	return fmt.Sprintf(`
resource "cpaas_sip_ip_acl" "r%[1]d" {
  name         = "rel-acl-%[1]d"
  ip_addresses = ["192.0.2.%[1]d", "198.51.100.%[1]d"]
}
`, i+1)
}

func RelSIPCredentialListHCL(i int) string {
	return fmt.Sprintf(`
resource "cpaas_sip_credential_list" "r%[1]d" {
  name                = "rel-cred-%[1]d"
  username            = "rel_user_%[1]d"
  password_wo         = "rel-secret-%[1]d"
  password_wo_version = 1
}
`, i)
}

func relSIPOriginationURIHCL(i int) string {
	return fmt.Sprintf(`
resource "cpaas_sip_origination_uri" "r%[1]d" {
  name = "rel-uri-%[1]d"
  uri  = "pbx%[1]d.example.com:5060"
}
`, i)
}

func RelSIPTrunkHCL(i int) string {
	return fmt.Sprintf(`
resource "cpaas_sip_ip_acl" "trunk%[1]d" {
  name         = "rel-trunk-acl-%[1]d"
  ip_addresses = ["203.0.113.%[2]d"]
}

resource "cpaas_sip_trunk" "r%[1]d" {
  name            = "rel-trunk-%[1]d"
  trunk_direction = "outbound"
  ipacl_id        = cpaas_sip_ip_acl.trunk%[1]d.id
}
`, i, i+1)
}
