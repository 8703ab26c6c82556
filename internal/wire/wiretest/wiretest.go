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
		"toll_free_sms_verification_id":           tollfreeVerification,
		"toll_free_sms_verification_order_status": tollfreeVerification,
	},
	"brand_list.json":    recordedMeta,
	"campaign_list.json": recordedMeta,
	"brand_get.json": {
		"brand.profile_uuid": "every brand the emulator holds names its business profile; the recorded GET of an old starter brand leaves it out",
	},
	"brand_get_profile.json": {
		"brand.created_at": "the service added created_at to brand replies (Go SDK changelog 7.25.0); the Python recording predates it",
	},
	"campaign_get.json": {
		"campaign.campaign_source": "the emulator reports campaign_source on every campaign, as the Python recording of the same GET does",
	},
	"campaign_get_source.json": {
		"campaign.sample1": pyCampaign, "campaign.sample2": pyCampaign, "campaign.created_at": pyCampaign,
		"campaign.campaign_attributes": pyCampaign, "campaign.campaign_attributes.age_gated": pyCampaign,
		"campaign.campaign_attributes.direct_lending": pyCampaign, "campaign.campaign_attributes.embedded_link": pyCampaign,
		"campaign.campaign_attributes.embedded_phone": pyCampaign, "campaign.campaign_attributes.subscriber_help": pyCampaign,
		"campaign.campaign_attributes.subscriber_optin": pyCampaign, "campaign.campaign_attributes.subscriber_optout": pyCampaign,
	},
}

const pyCampaign = "the Python recording's campaign has no samples, flags or created_at; every campaign the emulator holds has them (today's create requires them)"

// recordedMeta: the recorded 10DLC lists' meta has only limit, next and
// offset; the emulator emits the superset every other list has.
var recordedMeta = map[string]string{
	"meta.previous":    "the recorded 10DLC lists leave previous out; the emulator emits the five keys of the other lists",
	"meta.total_count": "the recorded 10DLC lists leave total_count out; the emulator emits the five keys of the other lists",
}

// pinOptions are the PIN options of a session object at prefix: the
// service leaves them out of a session without PIN authentication, whose
// replies these examples are (masking_session_get_pin_auth.json has them).
func pinOptions(prefix string) map[string]string {
	const why = "present only for a session with PIN authentication (masking_session_get_pin_auth.json)"
	return map[string]string{prefix + "generate_pin_length": why, prefix + "pin_retry": why, prefix + "pin_retry_wait": why}
}

const tollfreeVerification = "present only once a toll-free SMS verification was requested for the number (number_list.json has one)"

const sipRegistration = "present only while a device is registered with the endpoint (endpoint_get_registered.json); an unregistered endpoint leaves the key out"

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
