# A pool member is imported by its powerpack's UUID and the number.
import {
  to = cpaas_powerpack_number.sf
  identity = {
    powerpack_id = "3f1c2a7e-5b8d-4c19-a0e2-7d6b9f4e8c31"
    number       = "14155550100"
  }
}
