//go:build ignore

// Reads `go test -json` on stdin and prints what a plain `go test` would
// (each package's result, the output of each failed test), then every test
// that skipped itself, with its reason: a test never passes off a skip as a
// run. Before the skips it prints the slowest tests and the time all the
// tests of each package took (go test's own "elapsed" of each top-level
// test), which says where a CLI's pass spends its time. Exits 1 when a test
// or a package failed. It ends with the count of the top-level tests that
// ran and of the tests that skipped.
//
//	go test -json ./... | go run .ci/testreport/main.go
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
)

type event struct {
	Action  string
	Package string
	Test    string
	Output  string
	Elapsed float64
}

// timed is one top-level test's time.
type timed struct {
	name    string
	seconds float64
}

func main() {
	output := map[string][]string{} // package + " " + test: its output lines
	var skipped []string
	var times []timed
	perPackage := map[string]float64{}
	failed := false
	ran, failures := 0, 0 // top-level tests that ran (passed or failed), and failed
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
		if (e.Action == "pass" || e.Action == "fail") && e.Test != "" && !strings.Contains(e.Test, "/") {
			ran++
			if e.Action == "fail" {
				failures++
			}
		}
		if e.Action == "pass" || e.Action == "fail" || e.Action == "skip" {
			delete(output, key)
			if e.Test != "" && !strings.Contains(e.Test, "/") {
				times = append(times, timed{e.Test, e.Elapsed})
				perPackage[e.Package] += e.Elapsed
			}
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "testreport:", err)
		os.Exit(1)
	}
	printSlowest(times, perPackage)
	if len(skipped) > 0 {
		fmt.Printf("%d tests skipped themselves:\n", len(skipped))
		for _, s := range skipped {
			fmt.Println("  " + s)
		}
	}
	fmt.Printf("%d tests ran (%d failed), %d skipped\n", ran, failures, len(skipped))
	if failed {
		os.Exit(1)
	}
}

// printSlowest prints the ten slowest tests and each package's tests'
// time.
func printSlowest(times []timed, perPackage map[string]float64) {
	if len(times) == 0 {
		return
	}
	sort.SliceStable(times, func(i, j int) bool { return times[i].seconds > times[j].seconds })
	pkgs := make([]string, 0, len(perPackage))
	for p := range perPackage {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	for _, p := range pkgs {
		fmt.Printf("tests of %s: %.0f s in all\n", p, perPackage[p])
	}
	fmt.Println("slowest tests:")
	for _, t := range times[:min(10, len(times))] {
		fmt.Printf("  %6.1f s  %s\n", t.seconds, t.name)
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
