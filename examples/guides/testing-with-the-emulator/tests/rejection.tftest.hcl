# The emulator's registry rejects every brand whose profile's company_name
# contains REJECT.
# Without waiting for the decision, the apply goes on, and the team's guard
# (the postcondition on data.cpaas_10dlc_brand.registered) must stop it
# before a campaign is built on a brand that is not registered.
run "unregistered_brand_gets_no_campaign" {
  variables {
    company_name          = "Acme REJECT Corporation"
    wait_for_registration = false
  }

  expect_failures = [data.cpaas_10dlc_brand.registered]
}
