//go:build ignore

// Prints, one a line and sorted, the platforms (goos_goarch) goreleaser
// built a build id for, from its record of a run (dist/artifacts.json):
//
//	go run .ci/release/artifacts.go dist/artifacts.json terraform-provider-cpaas
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: artifacts.go dist/artifacts.json BUILD_ID")
		os.Exit(2)
	}
	b, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var arts []struct {
		Type   string         `json:"type"`
		Goos   string         `json:"goos"`
		Goarch string         `json:"goarch"`
		Extra  map[string]any `json:"extra"`
	}
	if err := json.Unmarshal(b, &arts); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
	var platforms []string
	for _, a := range arts {
		if a.Type == "Binary" && a.Extra["ID"] == os.Args[2] {
			platforms = append(platforms, a.Goos+"_"+a.Goarch)
		}
	}
	slices.Sort(platforms)
	for _, p := range slices.Compact(platforms) {
		fmt.Println(p)
	}
}
