package client

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// Pace memory: Terraform starts the provider afresh for every command (and
// for each walk of one), and a pacer that starts knowing nothing lets a
// plan's requests (a handful of reads and the pages of one listing, all at
// once) run into the API's limit before it learns anything: 4 to 6 of a
// 500-endpoint plan's ~35 requests were refused. The API documents no
// rate-limit headers (only Retry-After on a 429), so the only way to know
// the limit before the first request is to remember it: each learning event
// writes the pace and burst of the account to a small file, and a new
// pacer for the same base URL and account within PaceMemoryMaxAge starts
// from it (probing up from it as after any event, so a limit that was
// raised is found again within seconds). The file holds no secret: its name
// is a hash of the base URL and auth_id, its content two numbers and a time.
//
// Only the provider's main switches it on (RememberPacesIn), with a
// directory under the user's cache directory; tests, which run the provider
// in-process, never read or write one unless they ask.

// PaceMemoryMaxAge is how long a remembered pace starts new processes.
const PaceMemoryMaxAge = time.Hour

var paceMemory struct {
	sync.Mutex
	dir string
}

// RememberPacesIn makes the pacers of this process remember what they learn
// in dir, and start from what was remembered there ("" switches it off).
func RememberPacesIn(dir string) {
	paceMemory.Lock()
	defer paceMemory.Unlock()
	paceMemory.dir = dir
}

// rememberedPace is what one learning event knew.
type rememberedPace struct {
	Rate      float64   `json:"requests_per_second"`
	Burst     int       `json:"burst"`
	LearnedAt time.Time `json:"learned_at"`
}

// paceMemoryFile is the file of baseURL and authID, "" when memory is off.
func paceMemoryFile(baseURL, authID string) string {
	paceMemory.Lock()
	defer paceMemory.Unlock()
	if paceMemory.dir == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(baseURL + "\x00" + authID))
	return filepath.Join(paceMemory.dir, "pace-"+hex.EncodeToString(sum[:12])+".json")
}

// recallPace reads file: ok when it holds a pace learned within
// PaceMemoryMaxAge of now.
func recallPace(file string, now time.Time) (rememberedPace, bool) {
	data, err := os.ReadFile(file)
	if err != nil {
		return rememberedPace{}, false
	}
	var m rememberedPace
	if json.Unmarshal(data, &m) != nil || m.Rate < MinLearnedRate || m.Burst < 1 {
		return rememberedPace{}, false
	}
	if age := now.Sub(m.LearnedAt); age < 0 || age > PaceMemoryMaxAge {
		return rememberedPace{}, false
	}
	return m, true
}

// rememberPace writes m to file, replacing it whole (a rename), so that a
// concurrent reader sees the old or the new pace, never half of one. A
// failure only costs the next process its head start: it is logged.
func rememberPace(ctx context.Context, file string, m rememberedPace) {
	err := func() error {
		if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
			return err
		}
		data, err := json.Marshal(m)
		if err != nil {
			return err
		}
		tmp, err := os.CreateTemp(filepath.Dir(file), ".pace-*")
		if err != nil {
			return err
		}
		defer func() { _ = os.Remove(tmp.Name()) }() // after a successful rename: already gone
		if _, err := tmp.Write(data); err != nil {
			_ = tmp.Close()
			return err
		}
		if err := tmp.Close(); err != nil {
			return err
		}
		return os.Rename(tmp.Name(), file)
	}()
	if err != nil {
		tflog.Debug(ctx, "CPaaS API rate limit: could not remember the pace for the next process", map[string]any{"error": err.Error()})
	}
}
