# Import an IP access control list by its ipacl_uuid.
terraform import cpaas_sip_ip_acl.pbx 90b6eb07-796c-4d86-a4fd-44ed11667ddb
