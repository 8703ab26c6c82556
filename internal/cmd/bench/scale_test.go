package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// templateState is what Terraform wrote after applying two endpoints.
const templateState = `{"version": 4, "serial": 3, "lineage": "l-1", "resources": [{"mode": "managed", "type": "cpaas_endpoint", "name": "ep",
 "instances": [
  {"index_key": 0, "attributes": {"id": "111", "username": "bench0", "alias": "bench endpoint 0", "sip_username": "bench0123456789012",
   "sip_uri": "sip:bench0123456789012@sip.cpaas.test", "password_wo_version": 1}, "sensitive_attributes": [[{"type": "get_attr", "value": "password_wo"}]],
   "identity": {"endpoint_id": "111"}},
  {"index_key": 1, "attributes": {"id": "222", "username": "bench1", "alias": "bench endpoint 1", "sip_username": "bench1123456789012",
   "sip_uri": "sip:bench1123456789012@sip.cpaas.test", "password_wo_version": 1}, "identity": {"endpoint_id": "222"}}]}]}`

// A seeded instance is the first one with the created endpoint's id,
// usernames, SIP URI, alias and identity, at its index; the rest of it
// (sensitive paths, other attributes) is the applied one's.
func TestSeedStateWritesEachCreatedEndpoint(t *testing.T) {
	created := []*client.EndpointCreated{{EndpointID: "333", Username: "bench2999999999999"}, {EndpointID: "444", Username: "bench3888888888888"}}
	out, ids, err := seedState([]byte(templateState), created, 2)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(ids, ",") != "111,222,333,444" {
		t.Errorf("ids %v", ids)
	}
	var s struct {
		Serial    int `json:"serial"`
		Resources []struct {
			Instances []map[string]any `json:"instances"`
		} `json:"resources"`
	}
	if err := json.Unmarshal(out, &s); err != nil {
		t.Fatal(err)
	}
	insts := s.Resources[0].Instances
	if s.Serial != 4 || len(insts) != 4 {
		t.Fatalf("serial %d, %d instances", s.Serial, len(insts))
	}
	got, _ := json.Marshal(insts[3])
	want := `{"attributes":{"alias":"bench endpoint 3","id":"444","password_wo_version":1,"sip_uri":"sip:bench3888888888888@sip.cpaas.test",` +
		`"sip_username":"bench3888888888888","username":"bench3"},"identity":{"endpoint_id":"444"},"index_key":3,` +
		`"sensitive_attributes":[[{"type":"get_attr","value":"password_wo"}]]}`
	if string(got) != want {
		t.Errorf("instance 3:\n got %s\nwant %s", got, want)
	}
	if _, _, err := seedState([]byte(templateState), created, 3); err == nil {
		t.Error("a template of two instances seeded from index 3")
	}
}

// The scale table gives requests per object, the plan against
// -refresh=false, and how each figure grows from the smallest count to the
// largest.
func TestScaleMarkdownSaysHowEachFigureGrows(t *testing.T) {
	var all []scaleMeasurement
	for round := 1; round <= 2; round++ {
		for _, n := range []int{1000, 10000} {
			k := float64(n / 1000)
			all = append(all,
				scaleMeasurement{N: n, Op: "plan", Round: round, Seconds: 3 * k * float64(round), CPUSeconds: 5 * k, PluginCPUSeconds: 2 * k, Requests: n / 20, PeakKiB: int64(40960 * k / 2)},
				scaleMeasurement{N: n, Op: scaleNoRefresh, Round: round, Seconds: 2 * k, CPUSeconds: 4 * k, PluginCPUSeconds: k, PeakKiB: 30000})
		}
	}
	got := scaleMarkdown(all, options{scaleNs: []int{10000, 1000}, repeat: 2, parallelism: 10}, "1.00 1.00 1.00", "2.00 2.00 2.00")
	for _, want := range []string{
		"| 1000 | `plan` | 4.50 (3.00 to 6.00) | 5.00 (2.00) | 50 | 0.050 | 20.0 MiB |",
		"| 10000 | `plan` | 45.00 (30.00 to 60.00) | 50.00 (20.00) | 500 | 0.050 | 200.0 MiB |",
		"| 1000 | 2.25x | 1.50, 3.00 | 1.25x |",
		"load average before: 1.00 1.00 1.00, after: 2.00 2.00 2.00",
		"| requests per object | 0.05 | 0.05 | 1.0x |",
		"| provider peak RSS (no-change plan) | 20 MiB | 200 MiB | 10.0x |",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("scale table lacks %q:\n%s", want, got)
		}
	}
}
