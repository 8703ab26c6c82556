# A powerpack is imported by its UUID.
import {
  to = cpaas_powerpack.alerts
  identity = {
    uuid = "3f1c2a7e-5b8d-4c19-a0e2-7d6b9f4e8c31"
  }
}
