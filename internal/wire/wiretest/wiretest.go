// Package wiretest gives tests the service's example replies (the golden
// files in internal/wire/testdata) and compares JSON documents by their
// keys, so the wire shapes and the emulator's replies are both checked
// against the same examples.
package wiretest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

// Extensions are, per golden file, the key paths a reply of this API may
// have that the service's example lacks, with why.
var Extensions = map[string]map[string]string{
	"endpoint_get.json": {
		"sip_contact": sipRegistration, "sip_expires": sipRegistration, "sip_user_agent": sipRegistration,
	},
	"message_list.json": {"objects[].api_id": "the record is the shape of GET Message/{uuid}/, whose reply carries api_id; list items leave it out"},
	"campaign_numbers.json": {
		"phone_numbers[].reason": "this API's addition (the emulator's package doc): why the last link or unlink request failed, left out when none did",
	},
	"masking_session_created.json": pinOptions("session."),
	"masking_session_get.json":     pinOptions("response."),
	"masking_session_updated.json": pinOptions("session."),
	"masking_session_list.json":    pinOptions("response.objects[]."),
	"number_list.json":             {"objects[].api_id": "the record is the shape of GET Number/{number}/, whose reply carries api_id; list items leave it out"},
	"number_get.json": {
		"toll_free_sms_verification_id":           tollFreeVerification,
		"toll_free_sms_verification_order_status": tollFreeVerification,
	},
	"brand_get.json":  {"brand.secondary_vetting": secondaryVetting},
	"brand_list.json": {"brands[].secondary_vetting": secondaryVetting},
}

// pinOptions are the PIN options of a session object at prefix: the
// service leaves them out of a session without PIN authentication, whose
// replies these examples are (masking_session_get_pin_auth.json has them).
func pinOptions(prefix string) map[string]string {
	const why = "present only for a session with PIN authentication (masking_session_get_pin_auth.json)"
	return map[string]string{prefix + "generate_pin_length": why, prefix + "pin_retry": why, prefix + "pin_retry_wait": why}
}

const tollFreeVerification = "present only once a toll-free SMS verification was requested for the number (number_list.json has one)"

const sipRegistration = "present only while a device is registered with the endpoint (endpoint_get_registered.json); an unregistered endpoint leaves the key out"

const secondaryVetting = "the emulator echoes the create request's secondary_vetting and the provider reads it back; " +
	"the published brand record does not list it, so a real brand may not return it"

// dir is internal/wire/testdata, found from this file so that tests of
// any package can read it.
func dir() string {
	_, here, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(here), "..", "testdata")
}

// Golden returns the golden file name of internal/wire/testdata.
func Golden(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir(), name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// GoldenFiles lists the names of the golden files.
func GoldenFiles() ([]string, error) {
	entries, err := os.ReadDir(dir())
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names, err
}

// KeyPaths returns every key path of a JSON document: "meta.limit" for a
// key of a nested object, "objects[].alias" for a key of the objects of an
// array (all elements together). Scalars, nulls and empty arrays add no
// path of their own below their key.
func KeyPaths(data []byte) (map[string]bool, error) {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, err
	}
	paths := map[string]bool{}
	walk(v, "", paths)
	return paths, nil
}

func walk(v any, prefix string, paths map[string]bool) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			p := k
			if prefix != "" {
				p = prefix + "." + k
			}
			paths[p] = true
			walk(e, p, paths)
		}
	case []any:
		for _, e := range x {
			walk(e, prefix+"[]", paths)
		}
	}
}

// Diff lists the paths of got that want lacks (added) and the paths of
// want that got lacks (missing), each sorted.
func Diff(got, want map[string]bool) (added, missing []string) {
	for p := range got {
		if !want[p] {
			added = append(added, p)
		}
	}
	for p := range want {
		if !got[p] {
			missing = append(missing, p)
		}
	}
	slices.Sort(added)
	slices.Sort(missing)
	return added, missing
}
