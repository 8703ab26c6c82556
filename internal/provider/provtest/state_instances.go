package provtest

import (
	"encoding/json"
	"slices"
)

// stateInstance is one resource instance of `terraform show -json`.
type stateInstance struct {
	Address string         `json:"address"`
	Mode    string         `json:"mode"`
	Type    string         `json:"type"`
	Tainted bool           `json:"tainted"`
	Values  map[string]any `json:"values"`
}

func (r *TfRunner) StateInstances() []stateInstance {
	r.T.Helper()
	var shown struct {
		Values struct {
			RootModule struct {
				Resources []stateInstance `json:"resources"`
			} `json:"root_module"`
		} `json:"values"`
	}
	out := r.Run("show", "-json")
	if err := json.Unmarshal([]byte(out), &shown); err != nil {
		r.T.Fatalf("terraform show -json: %v\n%s", err, out)
	}
	return shown.Values.RootModule.Resources
}

// OrphansOf lists, as "kind id", the objects of kinds the account holds
// that the state does not.
func OrphansOf(tf *TfRunner, objects map[string][]string, kinds ...string) []string {
	inState := tf.StateIDs(objects)
	var out []string
	for _, kind := range kinds {
		for _, id := range objects[kind] {
			if !slices.Contains(inState[kind], id) {
				out = append(out, kind+" "+id)
			}
		}
	}
	return out
}
