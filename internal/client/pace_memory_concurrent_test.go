package client

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// Runs on one machine share a cache directory: several provider processes
// remember the pace of one account in the same file at once, while others
// start and read it. Every read must find no file or a whole pace (never
// half of one), and no temporary file may be left behind.
func TestPaceMemoryConcurrentWritersAndReaders(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "rate-limits", "pace-shared.json")
	now := time.Now()
	const writers, writes, readers = 8, 200, 4
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range writes {
				rememberPace(context.Background(), file, rememberedPace{
					Rate: float64(1 + w), Burst: 1 + i%20, LearnedAt: now,
				})
			}
		}()
	}
	stop := make(chan struct{})
	var torn sync.Map
	var rwg sync.WaitGroup
	reads := make([]int, readers)
	for r := range readers {
		rwg.Add(1)
		go func() {
			defer rwg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				data, err := os.ReadFile(file)
				if os.IsNotExist(err) {
					continue
				}
				if err != nil {
					torn.Store(err.Error(), true)
					continue
				}
				reads[r]++
				if _, ok := recallPace(file, now); !ok {
					torn.Store(string(data), true)
				}
			}
		}()
	}
	wg.Wait()
	close(stop)
	rwg.Wait()
	torn.Range(func(k, _ any) bool {
		t.Errorf("a reader found no whole pace: %q", k)
		return true
	})
	total := 0
	for _, n := range reads {
		total += n
	}
	if total == 0 {
		t.Fatal("no reader read the file while it was written: the test exercised nothing")
	}
	m, ok := recallPace(file, now)
	if !ok || m.Rate < 1 || m.Rate > writers {
		t.Fatalf("after the writers the file holds %+v (ok %v), want one writer's pace", m, ok)
	}
	entries, err := os.ReadDir(filepath.Dir(file))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}
