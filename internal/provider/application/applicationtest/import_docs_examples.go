package applicationtest

import (
	"context"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// DocsApplication makes the application a docs example attaches objects
// to, and returns its app_id.
func DocsApplication(t *testing.T, c *client.Client, name, answerURL string) string {
	t.Helper()
	app, err := c.CreateApplication(context.Background(), client.ApplicationCreate{AppName: name, ApplicationSettings: client.ApplicationSettings{AnswerURL: &answerURL}})
	if err != nil {
		t.Fatal(err)
	}
	return app.AppID
}
