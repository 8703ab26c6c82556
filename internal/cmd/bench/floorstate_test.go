package main

import (
	"strings"
	"testing"
)

// Two applies of one configuration, as Terraform writes them: the
// provider's (ids made up by the API) and a floor's. The sensitive paths
// come in either order.
const providerStateFile = `{
  "version": 4, "terraform_version": "1.14.9", "serial": 3, "lineage": "4fb34ad8",
  "outputs": {},
  "resources": [{"mode": "managed", "type": "cpaas_endpoint", "name": "ep", "provider": "provider[\"registry.terraform.io/cpaas-dev/cpaas\"]",
    "instances": [{"index_key": 0, "schema_version": 0,
      "attributes": {"alias": "bench endpoint 0", "id": "50441471115418", "password": null, "password_wo": null, "password_wo_version": 1,
        "sip_registered": false, "sip_uri": "sip:bench0043692510542@sip.cpaas.test", "sip_username": "bench0043692510542", "username": "bench0"},
      "sensitive_attributes": [[{"type": "get_attr", "value": "password"}], [{"type": "get_attr", "value": "password_wo"}]],
      "identity_schema_version": 0, "identity": {"endpoint_id": "50441471115418"}}]}],
  "check_results": null
}`

func floorStateFile(replace ...string) string {
	s := strings.NewReplacer("50441471115418", "00000000000001", "bench0043692510542", "bench0000000000001", `"lineage": "4fb34ad8"`, `"lineage": "1fb4a4ef"`,
		`[[{"type": "get_attr", "value": "password"}], [{"type": "get_attr", "value": "password_wo"}]]`,
		`[[{"type": "get_attr", "value": "password_wo"}], [{"type": "get_attr", "value": "password"}]]`).Replace(providerStateFile)
	return strings.NewReplacer(replace...).Replace(s)
}

// The comparison sees past the ids' digits and the order of the sensitive
// paths, and nothing else: a private state, an attribute, a sensitive path,
// an identity or one character more is a drift.
func TestStateDriftSeesEachDifference(t *testing.T) {
	if d, err := stateDrift([]byte(providerStateFile), []byte(floorStateFile())); err != nil || d != "" {
		t.Fatalf("the same state with other ids: drift %q, %v", d, err)
	}
	for name, change := range map[string][]string{
		"private state (the fingerprint the provider lost)": {`"identity_schema_version"`, `"private": "eyJwdyI6IkltWm1abVoiCn0=", "identity_schema_version"`},
		"an attribute more":       {`"username": "bench0"`, `"username": "bench0", "sip_contact": null`},
		"a sensitive path less":   {`[[{"type": "get_attr", "value": "password_wo"}], [{"type": "get_attr", "value": "password"}]]`, `[[{"type": "get_attr", "value": "password"}]]`},
		"no identity":             {`, "identity": {"endpoint_id": "00000000000001"}`, ``},
		"an id one digit longer":  {`"id": "00000000000001"`, `"id": "000000000000001"`},
		"another domain":          {`@sip.cpaas.test`, `@sip.floor.test`},
		"an instance more":        {`"identity": {"endpoint_id": "00000000000001"}}]`, `"identity": {"endpoint_id": "00000000000001"}}, {"index_key": 1, "attributes": {}}]`},
		"a value of another type": {`"password_wo_version": 1`, `"password_wo_version": "1"`},
	} {
		d, err := stateDrift([]byte(providerStateFile), []byte(floorStateFile(change...)))
		if err != nil || d == "" {
			t.Errorf("%s: no drift reported (%v)", name, err)
		}
	}
	if _, err := stateDrift([]byte(`{"version": 4, "resources": []}`), []byte(floorStateFile())); err == nil {
		t.Error("an empty provider state compares: want an error, not a pass")
	}
}

// The bench compares each floor's state after apply with the provider's of
// the same N, and then reports no ratio against a floor whose state
// differs: not in the main table, not in the -floor table.
func TestBenchRefusesARatioAgainstADriftedFloor(t *testing.T) {
	o := options{ns: []int{1000}, repeat: 1, parallelism: 10, drift: map[string]string{}}
	b := &bencher{o: o, states: map[string][]byte{}}
	if err := b.checkFloorState(noopEndpoints, 1000, []byte(floorStateFile(`"identity_schema_version"`, `"private": "eyJwdyI6IkltWiJ9", "identity_schema_version"`))); err != nil {
		t.Fatal(err)
	}
	if err := b.checkFloorState(idleEndpoints, 1000, []byte(floorStateFile())); err != nil {
		t.Fatal(err)
	}
	if len(o.drift) != 0 {
		t.Fatalf("drift before the provider's state is known: %v", o.drift)
	}
	if err := b.checkFloorState(endpoints, 1000, []byte(providerStateFile)); err != nil {
		t.Fatal(err)
	}
	if o.driftOf(noopEndpoints, 1000) == "" || o.driftOf(idleEndpoints, 1000) != "" {
		t.Fatalf("drift %v: want the no-op plugin's (private state) only", o.drift)
	}

	var all []measurement
	for _, w := range []workload{noopEndpoints, idleEndpoints, endpoints} {
		all = append(all, measurement{Workload: w.name, N: 1000, Op: "plan", Seconds: 10, CPUSeconds: 10, Round: 1})
	}
	if f := schemaFloor(all, all[2], o); f != 0 {
		t.Errorf("schema floor against a drifted no-op plugin = %v, want none", f)
	}
	row, _ := markdownRow(all, 0, endpoints, 1000, o)
	if !strings.Contains(row, "refused") {
		t.Errorf("endpoint row: %q", row)
	}
	table := floorMarkdown(all, o)
	// The framework floor kept the same state: the provider's ratio to it stands.
	if !strings.Contains(table, "refused: the no-op plugin's state differs") || !strings.Contains(table, "**1.000x**") ||
		!strings.Contains(table, "Ratios refused") || !strings.Contains(table, `"private"`) {
		t.Errorf("-floor table:\n%s", table)
	}
}
