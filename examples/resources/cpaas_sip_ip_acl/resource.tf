# The addresses the PBX sends its SIP traffic from: single IPv4 addresses
# and CIDR blocks. A set: the order never makes a diff.
resource "cpaas_sip_ip_acl" "pbx" {
  name         = "pbx-addresses"
  ip_addresses = ["192.0.2.10", "198.51.100.0/28"]
}
