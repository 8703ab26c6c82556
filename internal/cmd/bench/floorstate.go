package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// A floor is fair only if Terraform keeps for it exactly the state it keeps
// for the provider: the same attributes, the same sensitive paths, the same
// private state and identity. Terraform rewrites the whole state after each
// resource, so a floor whose instances are 10% smaller is 10% cheaper for
// reasons that are not the provider's. The bench compares the state files
// of the provider's and each floor's apply of the same configuration, and
// refuses to report a ratio against a floor whose state differs;
// TestAccFloorKeepsTheProvidersState fails when they drift.

// stateInstances returns the resource instances of a Terraform state file
// (format 4), each encoded in one canonical form: keys sorted, the
// sensitive paths sorted (Terraform writes them in map order, which changes
// from one apply to the next), and every digit of a string value in the
// attributes and the identity written 0, as the ids the API makes up (an
// endpoint's id, its sip_username and sip_uri) differ between two applies
// in their digits only, and never in their length. Nothing else is left
// out: any other difference, one byte more or less, is a difference.
func stateInstances(state []byte) (map[string][]byte, error) {
	var s struct {
		Version   int `json:"version"`
		Resources []struct {
			Mode      string            `json:"mode"`
			Type      string            `json:"type"`
			Name      string            `json:"name"`
			Instances []json.RawMessage `json:"instances"`
		} `json:"resources"`
	}
	if err := json.Unmarshal(state, &s); err != nil {
		return nil, fmt.Errorf("reading the state: %w", err)
	}
	if s.Version != 4 {
		return nil, fmt.Errorf("state format %d, want 4", s.Version)
	}
	out := map[string][]byte{}
	for _, r := range s.Resources {
		for i, raw := range r.Instances {
			dec := json.NewDecoder(bytes.NewReader(raw))
			dec.UseNumber()
			var inst map[string]any
			if err := dec.Decode(&inst); err != nil {
				return nil, err
			}
			for _, key := range []string{"attributes", "identity"} {
				if v, ok := inst[key]; ok {
					inst[key] = zeroDigits(v)
				}
			}
			if paths, ok := inst["sensitive_attributes"].([]any); ok {
				slices.SortFunc(paths, func(a, b any) int {
					x, _ := json.Marshal(a)
					y, _ := json.Marshal(b)
					return bytes.Compare(x, y)
				})
			}
			canon, err := json.Marshal(inst)
			if err != nil {
				return nil, err
			}
			key := fmt.Sprintf("%s.%s.%s[%d]", r.Mode, r.Type, r.Name, i)
			if k, ok := inst["index_key"]; ok {
				key = fmt.Sprintf("%s.%s.%s[%v]", r.Mode, r.Type, r.Name, k)
			}
			out[key] = canon
		}
	}
	return out, nil
}

// zeroDigits writes every digit of every string in v as 0.
func zeroDigits(v any) any {
	switch x := v.(type) {
	case string:
		return strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return '0'
			}
			return r
		}, x)
	case map[string]any:
		for k, e := range x {
			x[k] = zeroDigits(e)
		}
	case []any:
		for i, e := range x {
			x[i] = zeroDigits(e)
		}
	}
	return v
}

// stateDrift compares the resource instances of the provider's state file
// with a floor's, and returns "" when they are the same, else what differs
// first (in instance order), with both instances as they were compared.
func stateDrift(providerState, floorState []byte) (string, error) {
	want, err := stateInstances(providerState)
	if err != nil {
		return "", fmt.Errorf("the provider's state: %w", err)
	}
	got, err := stateInstances(floorState)
	if err != nil {
		return "", fmt.Errorf("the floor's state: %w", err)
	}
	if len(want) == 0 {
		return "", fmt.Errorf("the provider's state holds no resource instance")
	}
	keys := make([]string, 0, len(want)+len(got))
	for k := range want {
		keys = append(keys, k)
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	var diffs []string
	for _, k := range keys {
		w, inWant := want[k]
		g, inGot := got[k]
		switch {
		case !inGot:
			diffs = append(diffs, fmt.Sprintf("%s is in the provider's state only", k))
		case !inWant:
			diffs = append(diffs, fmt.Sprintf("%s is in the floor's state only", k))
		case !bytes.Equal(w, g):
			diffs = append(diffs, fmt.Sprintf("%s differs (%d bytes against %d):\n  provider: %s\n  floor:    %s", k, len(w), len(g), w, g))
		}
	}
	if len(diffs) == 0 {
		return "", nil
	}
	return fmt.Sprintf("%d of %d instances differ; the first: %s", len(diffs), len(keys), diffs[0]), nil
}
