# Every SIP endpoint of the account, with the data an import reads.
list "cpaas_endpoint" "all" {
  provider         = cpaas
  include_resource = true
}

# Only the endpoints made with the requested username "frontdesk".
list "cpaas_endpoint" "front_desk" {
  provider = cpaas
  config {
    username = "frontdesk"
  }
}
