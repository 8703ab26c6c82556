# Every number of the account that can send SMS.
data "cpaas_account_numbers" "sms" {
  services = ["sms"]
}

# The account's toll-free numbers.
data "cpaas_account_numbers" "toll_free" {
  type = "toll-free"
}

output "sms_senders" {
  value = data.cpaas_account_numbers.sms.numbers[*].number
}
