# A SIP trunk is imported by its trunk_id (a string of digits).
import {
  to = cpaas_sip_trunk.outbound
  identity = {
    trunk_id = "21784177241578"
  }
}
