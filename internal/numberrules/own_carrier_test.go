package numberrules

import (
	"slices"
	"strings"
	"testing"
)

func TestParseNumbers(t *testing.T) {
	got, err := ParseNumbers("4930120000001, 4930120000002")
	if err != nil || !slices.Equal(got, []string{"4930120000001", "4930120000002"}) {
		t.Fatalf("got %v %v", got, err)
	}
	for raw, want := range map[string]string{
		"":            `numbers "" ` + RuleNumbers,
		"4930,":       `number "" is invalid`,
		"+4930":       `number "+4930" is invalid`,
		"4930,4930":   "4930 is given twice",
		"01234567890": `number "01234567890" is invalid`,
	} {
		if _, err := ParseNumbers(raw); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseNumbers(%q) = %v, want an error containing %q", raw, err, want)
		}
	}
}

func TestOwnCarrierRules(t *testing.T) {
	for _, v := range OwnNumberTypeValues {
		if err := CheckOwnNumberType("number_type", v); err != nil {
			t.Errorf("%s: %v", v, err)
		}
	}
	if err := CheckOwnNumberType("number_type", "toll-free"); err == nil || err.Error() != `number_type "toll-free" `+RuleNumberType {
		t.Errorf("toll-free: %v", err)
	}
	if err := CheckRegion("region", "\t "); err == nil || err.Error() != `region "\t " `+RuleRegion {
		t.Errorf("a blank region: %v", err)
	}
	if err := CheckRegion("region", "Berlin"); err != nil {
		t.Error(err)
	}
}
