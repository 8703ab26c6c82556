provider "cpaas" {
  base_url = "https://api.example.com" # or CPAAS_BASE_URL
  auth_id  = "MAXXXXXXXXXXXXXXXXXX"    # or CPAAS_AUTH_ID
  # auth_token comes from CPAAS_AUTH_TOKEN: keep it out of configuration.

  max_retries     = 5     # retries of 429s and of idempotent requests
  request_timeout = "30s" # time limit of one HTTP request
}
