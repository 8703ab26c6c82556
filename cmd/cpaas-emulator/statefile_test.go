package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/gctune"
)

// TestMain lets the state-file test run this test binary as the command,
// so it can kill a real process mid-write.
func TestMain(m *testing.M) {
	if args := os.Getenv("CPAAS_EMULATOR_TEST_ARGS"); args != "" {
		env := map[string]string{"EMULATOR_ADDR": "127.0.0.1:0"}
		if err := run(context.Background(), strings.Fields(args), os.Stdout, func(k string) string { return env[k] }); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	// The tests start Terraform processes: they run with the provider's
	// collector settings, which change no result.
	gctune.ApplyWithChildren()
	os.Exit(m.Run())
}

// TestStateFile_killedMidWriteLosesNothingAcknowledged kills the emulator
// (SIGKILL, no chance to clean up) while clients are creating endpoints and
// the state file is being rewritten after each one, three times over:
// after each restart from the same file, every endpoint the emulator
// acknowledged is there.
func TestStateFile_killedMidWriteLosesNothingAcknowledged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	var acked []string
	for round := range 3 {
		base, stop := startChild(t, path)
		for _, id := range acked {
			if st := get(t, base+"/Endpoint/"+id+"/"); st != http.StatusOK {
				t.Fatalf("round %d: acknowledged endpoint %s lost after the kill (%d)", round, id, st)
			}
		}
		var mu sync.Mutex
		var wg sync.WaitGroup
		deadline := time.Now().Add(400 * time.Millisecond)
		for w := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; ; i++ {
					body := fmt.Sprintf(`{"username": "r%dw%di%d", "password": "secret-1", "alias": "x"}`, round, w, i)
					req, _ := http.NewRequest("POST", base+"/Endpoint/", strings.NewReader(body))
					req.SetBasicAuth("MAEMULATOR0000000001", "emulator-auth-token-change-me")
					resp, err := http.DefaultClient.Do(req)
					if err != nil {
						return // killed
					}
					var r struct {
						EndpointID string `json:"endpoint_id"`
					}
					_ = json.NewDecoder(resp.Body).Decode(&r)
					resp.Body.Close()
					if resp.StatusCode == http.StatusCreated {
						mu.Lock()
						acked = append(acked, r.EndpointID)
						mu.Unlock()
					}
					if time.Now().After(deadline) {
						stop() // SIGKILL while the others are mid-request
					}
				}
			}()
		}
		wg.Wait()
	}
	if len(acked) < 10 {
		t.Fatalf("only %d endpoints were acknowledged; the test proves little", len(acked))
	}
	base, stop := startChild(t, path)
	defer stop()
	for _, id := range acked {
		if st := get(t, base+"/Endpoint/"+id+"/"); st != http.StatusOK {
			t.Errorf("acknowledged endpoint %s lost (%d)", id, st)
		}
	}
}

// startChild runs the command with -state-file path in a child process and
// returns its account's API base and a function that SIGKILLs it.
func startChild(t *testing.T, path string) (string, func()) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = []string{"CPAAS_EMULATOR_TEST_ARGS=-state-file " + path}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	stop := func() {
		once.Do(func() {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		})
	}
	t.Cleanup(stop)
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if u, ok := strings.CutPrefix(sc.Text(), "CPAAS_BASE_URL="); ok {
			go func() {
				for sc.Scan() {
				}
			}()
			return u + "/v1/Account/MAEMULATOR0000000001", stop
		}
	}
	t.Fatal("the child printed no base URL")
	return "", nil
}

func get(t *testing.T, url string) int {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	req.SetBasicAuth("MAEMULATOR0000000001", "emulator-auth-token-change-me")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}
