# An endpoint is imported by its endpoint_id.
import {
  to = cpaas_endpoint.desk
  identity = {
    endpoint_id = "39452475478853"
  }
}
