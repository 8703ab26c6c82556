package message_test

import (
	"context"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

func TestAccMediaDataSource(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	up, err := env.Client(t).UploadMedia(context.Background(), []client.MediaFile{{Name: "banner.png", Content: make([]byte, 4321)}})
	if err != nil || len(up.Objects) != 1 || up.Objects[0].MediaID == "" {
		t.Fatalf("upload: %+v %v", up, err)
	}
	f := up.Objects[0]
	ds := "data.cpaas_media.banner"
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config:      env.Config(`data "cpaas_media" "gone" { media_id = "00000000-0000-4000-8000-000000000000" }`),
				ExpectError: acctest.ErrorPattern(`Error reading media.*media 00000000-0000-4000-8000-000000000000.*HTTP 404`),
			},
			{
				Config:      env.Config(`data "cpaas_media" "bad" { media_id = "banner.png" }`),
				ExpectError: acctest.ErrorPattern(`media_id.*banner.png`),
			},
			{
				Config: env.Config(`data "cpaas_media" "banner" { media_id = "` + f.MediaID + `" }`),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr(ds, "id", f.MediaID),
					resource.TestCheckResourceAttr(ds, "content_type", "image/png"),
					resource.TestCheckResourceAttr(ds, "file_name", "banner.png"),
					resource.TestCheckResourceAttr(ds, "size", "4321"),
					resource.TestCheckResourceAttr(ds, "upload_time", f.UploadTime),
					resource.TestCheckResourceAttr(ds, "media_url", f.MediaURL),
				),
			},
		},
	})
}
