package messagerules

import "strings"

// callingCodes holds the country calling codes (ITU-T E.164) of
// callingCodeList, which is generated from github.com/nyaruka/phonenumbers
// and kept equal to it by a test. The library itself is not imported here:
// its init decodes all of its phone metadata on every start of the
// provider (see package numregion).
var callingCodes = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range strings.Fields(callingCodeList) {
		m[c] = true
	}
	return m
}()

// CountryCallingCode returns the country calling code a sanitised phone
// number begins with, and false when it begins with none. Calling codes are
// one to three digits and no code is the prefix of another, so at most one
// matches.
func CountryCallingCode(sanitised string) (string, bool) {
	for n := 1; n <= 3 && n <= len(sanitised); n++ {
		if callingCodes[sanitised[:n]] {
			return sanitised[:n], true
		}
	}
	return "", false
}
