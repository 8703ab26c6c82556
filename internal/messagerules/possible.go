package messagerules

import (
	"strconv"
	"strings"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
)

// possibleLengths holds, per country calling code, the lengths a national
// number may have after it (possibleLengthList, generated from
// github.com/nyaruka/phonenumbers and kept equal to it by a test, without
// importing the library: see callingCodes).
var possibleLengths = func() map[string][]int {
	m := map[string][]int{}
	for _, line := range strings.Split(strings.TrimSpace(possibleLengthList), "\n") {
		code, lengths, _ := strings.Cut(line, ":")
		for _, l := range strings.Split(lengths, ",") {
			if n, err := strconv.Atoi(l); err == nil {
				m[code] = append(m[code], n)
			}
		}
	}
	return m
}()

// CheckPossibleNumber checks that a sanitised number that passes
// CheckNumber is a possible phone number of its country calling code: as
// many digits after the code as a number of that code has. It is a
// plan-time check of the provider (a number that cannot exist is a
// mistake, such as a national number without its country code:
// "555-0101" reads as Brazil's 55 and 5 digits); the API takes such a
// number and the send fails later, so the emulator does not refuse it.
func CheckPossibleNumber(field fielderr.Path, raw, sanitised string) *fielderr.Error {
	code, ok := CountryCallingCode(sanitised)
	if !ok || !IsPhoneNumber(sanitised) {
		return nil // CheckNumber's to say
	}
	lengths := possibleLengths[code]
	n := len(sanitised) - len(code)
	for _, l := range lengths {
		if l == n {
			return nil
		}
	}
	if len(lengths) == 0 {
		return nil
	}
	words := make([]string, len(lengths))
	for i, l := range lengths {
		words[i] = strconv.Itoa(l)
	}
	return got(field, "sanitised number "+quote(sanitised)+" is no possible phone number: after country code "+code+
		" a number has "+strings.Join(words, " or ")+" digits, this has "+strconv.Itoa(n)+
		" (write the number with its country code first, as +14155550100)", raw)
}
