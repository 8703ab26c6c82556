# Import a SIP trunk by its trunk_id (a string of digits).
terraform import cpaas_sip_trunk.outbound 21784177241578
