package messagetest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/messagerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// Tables adds the entries of the message tests to the test tables.
func Tables(r *provtest.Tables) {
	// A message's encoding follows from its recorded text by the rule the API
	// bills by. Its import configuration (examples/resources/cpaas_message/import)
	// ignores these instead, and its plan must change nothing.
	r.RecordedOnImport("cpaas_message", "text", "media_urls", "template", "triggers", "url", "method", "timeouts", "wait_for", "encoding",
		"message_expiry", "dlt_entity_id", "dlt_template_id", "dlt_template_category", "trackable", "powerpack_uuid",
		// The records hold src and dst sanitised; the configured spelling
		// of the same numbers is recorded.
		"src", "dst")

	// The objects of the docs example of cpaas_message, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.ImportDocs("cpaas_message", provtest.Identity("message_uuids"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			sendAll := func(m messagerules.Message) string {
				sent, err := c.SendMessage(provtest.DocsCtx, m)
				if err != nil {
					t.Fatal(err)
				}
				return strings.Join(sent.MessageUUID, ",")
			}
			send := sendAll
			return [][2]string{
				{"cpaas_message.release_notice", sendAll(messagerules.Message{Src: "14155550100", Dst: "12125550101<447700900123", Text: "Release 2.4.0 is live."})},
				{"cpaas_message.floor_plan", send(messagerules.Message{Src: "14155550100", Dst: "12125550101", Type: "mms", Text: "Tonight's floor plan",
					MediaURLs: []string{"https://cdn.example.com/plan-1.jpg", "https://cdn.example.com/plan-2.jpg"}, URL: "https://hooks.example.com/message-status", Method: "POST"})},
				{"cpaas_message.order_update", send(messagerules.Message{Src: "14155550100", Dst: "447700900123", Type: "chatapp", Log: "number_only",
					Template: &messagerules.Template{Name: "order_update", Language: "en_US"}})},
			}, nil
		}},
		// The message's import configuration (its docs' Import section):
		// ignore_changes keeps the records, and the plan is empty.
		provtest.ImportDocsCase{Example: "import/main.tf", Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			send := func(m messagerules.Message) string {
				sent, err := c.SendMessage(provtest.DocsCtx, m)
				if err != nil {
					t.Fatal(err)
				}
				return strings.Join(sent.MessageUUID, ",")
			}
			return [][2]string{
				{"cpaas_message.release_notice", send(messagerules.Message{Src: "14155550100", Dst: "12125550101<447700900123", Text: "Release 2.4.0 is live."})},
				{"cpaas_message.floor_plan", send(messagerules.Message{Src: "14155550100", Dst: "12125550101", Type: "mms", Text: "Tonight's floor plan",
					MediaURLs: []string{"https://cdn.example.com/plan-1.jpg", "https://cdn.example.com/plan-2.jpg"}, URL: "https://hooks.example.com/message-status", Method: "POST"})},
			}, nil
		}},
	)

	r.ChaosPart("cpaas_message", func() provtest.ChaosPart {
		return provtest.ChaosPart{HCL: provtest.RepeatHCL(8, func(i int) string { return RelMessageHCL(i, fmt.Sprintf("1646555%04d", i)) }),
			Want: map[string]int{"messages": 8}}
	})
}
