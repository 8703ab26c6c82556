# An application is imported by its app_id.
import {
  to = cpaas_application.support
  identity = {
    app_id = "20372631212782780"
  }
}
