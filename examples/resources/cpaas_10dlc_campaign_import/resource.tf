# A team moving from another messaging provider keeps its registered 10DLC
# campaigns: import each by the id the campaign registry gave it (the other
# provider's console shows it), under an alias of this account.
resource "cpaas_10dlc_campaign_import" "support" {
  campaign_id    = "CX4T7QM"
  campaign_alias = "Support (moved in)"

  # Callbacks of the import's processing: created, then registered.
  url    = "https://hooks.example.com/10dlc/campaign"
  method = "POST"
}

# Once ACTIVE, the campaign takes numbers as any campaign does:
#
#   resource "cpaas_10dlc_campaign_number" "support_line" {
#     campaign_id = cpaas_10dlc_campaign_import.support.id
#     number      = "14155550100"
#   }

# Each carrier's throughput, as the registry set it for the campaign.
output "support_att_tpm" {
  value = cpaas_10dlc_campaign_import.support.mno_metadata["AT&T"].tpm
}
