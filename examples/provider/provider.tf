terraform {
  required_providers {
    cpaas = {
      source  = "cpaas-dev/cpaas"
      version = "~> 0.1"
    }
  }
}

provider "cpaas" {
  base_url = "https://api.example.com" # or CPAAS_BASE_URL
  auth_id  = "MAXXXXXXXXXXXXXXXXXX"    # or CPAAS_AUTH_ID
  # auth_token comes from CPAAS_AUTH_TOKEN: keep it out of configuration.

  max_retries     = 5     # retries of failed reads, updates and deletes
  request_timeout = "30s" # time limit of one HTTP request

  # Unset, the provider learns the account's rate limit from 429 replies;
  # set it to leave room for other clients of the same account.
  max_requests_per_second = 15
}
