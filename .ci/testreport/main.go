//go:build ignore

// Reads `go test -json` on stdin and prints what a plain `go test` would
// (each package's result, the output of each failed test), then every test
// that skipped itself, with its reason: a test never passes off a skip as a
// run. Exits 1 when a test or a package failed.
//
//	go test -json ./... | go run .ci/testreport/main.go
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
)

type event struct {
	Action  string
	Package string
	Test    string
	Output  string
}

func main() {
	output := map[string][]string{} // package + " " + test: its output lines
	var skipped []string
	failed := false
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			fmt.Println(sc.Text()) // not an event: a build error, say
			continue
		}
		key := e.Package + " " + e.Test
		switch e.Action {
		case "output":
			if e.Test == "" {
				if !strings.HasPrefix(e.Output, "=== ") && e.Output != "PASS\n" && e.Output != "FAIL\n" {
					fmt.Print(e.Output)
				}
				continue
			}
			output[key] = append(output[key], e.Output)
		case "fail":
			failed = true
			if e.Test != "" {
				fmt.Print(strings.Join(output[key], ""))
			}
		case "skip":
			if e.Test != "" {
				skipped = append(skipped, e.Test+": "+skipReason(output[key]))
			}
		}
		if e.Action == "pass" || e.Action == "fail" || e.Action == "skip" {
			delete(output, key)
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "testreport:", err)
		os.Exit(1)
	}
	if len(skipped) > 0 {
		fmt.Printf("%d tests skipped themselves:\n", len(skipped))
		for _, s := range skipped {
			fmt.Println("  " + s)
		}
	}
	if failed {
		os.Exit(1)
	}
}

// skipReason is the message of a skipped test: the lines its t.Skip and
// t.Log calls wrote ("file_test.go:39: ..."), or, when it wrote none, its
// output but the harness's "=== RUN" and "--- SKIP" lines. Other output is
// left out when the test logged: with TF_LOG set, a test's output is mostly
// Terraform's log.
func skipReason(lines []string) string {
	var logged, msg []string
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "=== ") || strings.HasPrefix(t, "--- SKIP") {
			continue
		}
		msg = append(msg, t)
		if testLogLine.MatchString(t) {
			logged = append(logged, t)
		}
	}
	if len(logged) > 0 {
		return strings.Join(logged, " ")
	}
	if len(msg) == 0 {
		return "(no reason given)"
	}
	return strings.Join(msg, " ")
}

// testLogLine is a line written by t.Log, t.Skip and the like.
var testLogLine = regexp.MustCompile(`^[\w.-]+\.go:\d+: `)
