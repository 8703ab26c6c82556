package application_test

import (
	"context"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

func TestAccApplicationDataSource(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	// Two applications share a name: looking them up by it is an error.
	for range 2 {
		answer := "https://voice.example.com/twin"
		if _, err := env.Client(t).CreateApplication(context.Background(), client.ApplicationCreate{AppName: "twin",
			ApplicationSettings: client.ApplicationSettings{AnswerURL: &answer}}); err != nil {
			t.Fatal(err)
		}
	}
	pairs := func(ds string) resource.TestCheckFunc {
		var checks []resource.TestCheckFunc
		for _, a := range []string{"id", "app_id", "app_name", "answer_url", "answer_method", "hangup_url", "fallback_answer_url", "fallback_method",
			"message_url", "message_method", "default_endpoint_app", "log_incoming_messages", "public_uri", "sip_uri"} {
			checks = append(checks, resource.TestCheckResourceAttrPair(ds, a, "cpaas_application.test", a))
		}
		return resource.ComposeAggregateTestCheckFunc(checks...)
	}
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: env.Config(applicationFullConfig + `
data "cpaas_application" "by_id" {
  app_id = cpaas_application.test.app_id
}

data "cpaas_application" "by_name" {
  app_name = cpaas_application.test.app_name
}
`),
				Check: resource.ComposeAggregateTestCheckFunc(
					pairs("data.cpaas_application.by_id"),
					pairs("data.cpaas_application.by_name"),
					resource.TestCheckResourceAttr("data.cpaas_application.by_name", "hangup_url", "https://voice.example.com/hangup"),
					resource.TestCheckResourceAttr("data.cpaas_application.by_id", "log_incoming_messages", "false"),
				),
			},
			{
				Config:      env.Config(`data "cpaas_application" "missing" { app_id = "99999999999999999" }`),
				ExpectError: acctest.ErrorPattern(`Error reading application.*application 99999999999999999.*HTTP 404`),
			},
			{
				Config:      env.Config(`data "cpaas_application" "missing" { app_name = "nobody" }`),
				ExpectError: acctest.ErrorPattern(`Application not found.*No application of the account is named "nobody"`),
			},
			{
				Config:      env.Config(`data "cpaas_application" "twin" { app_name = "twin" }`),
				ExpectError: acctest.ErrorPattern(`Several applications have this name.*2 applications are named "twin"`),
			},
			{
				Config:      env.Config(`data "cpaas_application" "both" {}`),
				ExpectError: acctest.ErrorPattern(`Exactly one of these attributes must be configured: \[app_id,app_name\]`),
			},
			{
				Config:      env.Config(`data "cpaas_application" "bad" { app_id = "app-1" }`),
				ExpectError: acctest.ErrorPattern(`Attribute app_id "app-1" is invalid: an application id is digits`),
			},
			// The post-test destroy runs the last configuration: a valid one.
			{Config: env.Config("")},
		},
	})
}
