# An IP access control list is imported by its ipacl_uuid.
import {
  to = cpaas_sip_ip_acl.pbx
  identity = {
    ipacl_uuid = "90b6eb07-796c-4d86-a4fd-44ed11667ddb"
  }
}
