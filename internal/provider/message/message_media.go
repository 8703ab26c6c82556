package message

// Local files sent as MMS media (media_files on cpaas_message and the
// cpaas_send_message action): checked at plan time by messagerules' media
// rules, uploaded right before the send (POST Media/), once per content
// and account in a provider process, and sent by media_ids.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/messagerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// mediaFilesAttribute is the media_files argument.
func mediaFilesAttribute(describe func(string) string) schema.ListAttribute {
	return schema.ListAttribute{
		MarkdownDescription: describe(fmt.Sprintf("Local files to send as MMS media (`mms` only), by path. Each is at most %d bytes (2 MB) and "+
			"of an allowed type by its extension (%s); together with `media_urls` at most %d files. The provider uploads them "+
			"(the Media API) right before the send, once per content (SHA-256) and account in a run, so a retry uploads nothing "+
			"again; the service deletes an upload no sent MMS used after six hours and keeps one a sent MMS used for a year.",
			messagerules.MaxMediaFileBytes, strings.Join(messagerules.MediaUploadExtensions, ", "), messagerules.MaxMMSMediaURLs)),
		ElementType: types.StringType,
		Optional:    true,
		Validators:  []validator.List{listvalidator.SizeAtLeast(1)},
	}
}

// validateMediaFiles checks each known path of media_files: readable, and
// messagerules.CheckMediaFile (type by extension, size). One error per file.
func validateMediaFiles(files types.List) diag.Diagnostics {
	var diags diag.Diagnostics
	if files.IsNull() || files.IsUnknown() {
		return diags
	}
	for i, el := range files.Elements() {
		s, ok := el.(types.String)
		if !ok || s.IsUnknown() || s.IsNull() {
			continue
		}
		at := fielderr.Root("media_files").AtIndex(i)
		field, p := at.String(), kit.AttrPath(at)
		info, err := os.Stat(s.ValueString())
		switch {
		case err != nil:
			diags.AddAttributeError(p, "Invalid message", fmt.Sprintf("%s: must be a readable file: %v (got %q). Give the path of an "+
				"existing file, relative to the directory Terraform runs in or absolute (path.module helps).", field, errors.Unwrap(err), s.ValueString()))
		case info.IsDir():
			diags.AddAttributeError(p, "Invalid message", fmt.Sprintf("%s: must be a readable file, is a directory (got %q)", field, s.ValueString()))
		default:
			if fe := messagerules.CheckMediaFile(at, filepath.Base(s.ValueString()), info.Size()); fe != nil {
				diags.AddAttributeError(p, "Invalid message", fe.Error())
			}
		}
	}
	return diags
}

// fileSHA256 is the hex SHA-256 of a file's bytes, and the bytes.
func fileSHA256(name string) (string, []byte, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return "", nil, err
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), data, nil
}

// mediaFileHashes are the SHA-256 of each file of a known media_files,
// as a list for the state; unknown when any path is, null when none
// (a file that cannot be read is validateMediaFiles' error).
func mediaFileHashes(files types.List) types.List {
	if files.IsUnknown() {
		return types.ListUnknown(types.StringType)
	}
	if files.IsNull() {
		return types.ListNull(types.StringType)
	}
	sums := make([]string, 0, len(files.Elements()))
	for _, el := range files.Elements() {
		s, ok := el.(types.String)
		if !ok || s.IsUnknown() {
			return types.ListUnknown(types.StringType)
		}
		sum, _, err := fileSHA256(s.ValueString())
		if err != nil {
			return types.ListUnknown(types.StringType)
		}
		sums = append(sums, sum)
	}
	return stringList(sums)
}

// mediaReuseFor is how long an upload of this process is reused: well
// within the six hours the service keeps unused media.
const mediaReuseFor = messagerules.MediaKeptUnused - time.Hour

// uploadedMedia remembers, per provider process, the media id each
// content got in each account (key: base URL, auth_id, SHA-256), so the
// same file is uploaded once however many sends or retries name it.
var uploadedMedia = struct {
	sync.Mutex
	ids map[string]uploadedFile
}{ids: map[string]uploadedFile{}}

type uploadedFile struct {
	id string
	at time.Time
}

// uploadMediaFiles uploads the files of media_files that this process has
// not uploaded to the account in the last mediaReuseFor, in one request,
// and returns the media id of each path, in order. planned, when not
// nil, are the hashes the plan recorded: a file whose content changed
// since is refused.
func uploadMediaFiles(ctx context.Context, c *client.Client, paths, planned []string) ([]string, error) {
	ids := make([]string, len(paths))
	keys := make([]string, len(paths))
	var todo []client.MediaFile
	var todoAt []int
	uploadedMedia.Lock()
	defer uploadedMedia.Unlock()
	for i, p := range paths {
		sum, data, err := fileSHA256(p)
		if err != nil {
			return nil, fmt.Errorf("media_files[%d]: reading %s: %w", i, p, err)
		}
		if planned != nil && i < len(planned) && planned[i] != sum {
			return nil, fmt.Errorf("media_files[%d]: %s changed since the plan (SHA-256 %s planned, %s now); run the plan again", i, p, planned[i], sum)
		}
		keys[i] = c.BaseURL() + "|" + c.AuthID() + "|" + sum
		if u, ok := uploadedMedia.ids[keys[i]]; ok && time.Since(u.at) < mediaReuseFor {
			ids[i] = u.id
			tflog.Debug(ctx, "media file already uploaded by this run; reusing it", map[string]any{"file": p, "media_id": u.id})
			continue
		}
		if j := indexOfKey(keys[:i], keys[i]); j >= 0 && ids[j] == "" {
			todoAt = append(todoAt, i) // the same content twice: upload once
			continue
		}
		todo = append(todo, client.MediaFile{Name: filepath.Base(p), Content: data})
		todoAt = append(todoAt, i)
	}
	if len(todo) == 0 {
		return ids, nil
	}
	up, err := c.UploadMedia(ctx, todo)
	if err != nil {
		return nil, fmt.Errorf("uploading media_files: %w", err)
	}
	if len(up.Objects) != len(todo) {
		return nil, fmt.Errorf("uploading media_files: the API returned %d results for %d files", len(up.Objects), len(todo))
	}
	// Every file the API took is remembered, even when another was
	// refused: the next try uploads only what is missing.
	now := time.Now()
	var refused []string
	n := 0
	for _, i := range todoAt {
		if j := indexOfKey(keys[:i], keys[i]); j >= 0 {
			ids[i] = ids[j]
			continue
		}
		res := up.Objects[n]
		n++
		if res.Status != "success" || res.MediaID == "" {
			refused = append(refused, fmt.Sprintf("media_files[%d]: the API refused %s: %s (error code %d)", i, paths[i], res.ErrorMessage, res.ErrorCode))
			continue
		}
		ids[i] = res.MediaID
		uploadedMedia.ids[keys[i]] = uploadedFile{id: res.MediaID, at: now}
	}
	if len(refused) > 0 {
		return nil, errors.New(strings.Join(refused, "\n"))
	}
	return ids, nil
}

func indexOfKey(keys []string, k string) int {
	for i, x := range keys {
		if x == k {
			return i
		}
	}
	return -1
}
