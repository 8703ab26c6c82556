// Package numregion tells which country a phone number belongs to, from the
// metadata of github.com/nyaruka/phonenumbers (Google's libphonenumber data),
// for the spec's rule that sending to the US or Canada requires an account
// phone number: country code 1 is shared by 25 countries of the North
// American Numbering Plan, and only the area code tells Jamaica (1876) from
// the US (1415) or Canada (1613).
//
// It is a package of its own so that only the emulator links the library:
// its init decodes all of its metadata (about 2.5 MB in 35,000 allocations,
// 70 to 240 ms on a busy 2-core machine), which the provider, started several
// times per terraform command, must not pay. The rule needs the account's
// numbers anyway, so it is decided by the API, never at plan time. The
// static "begins with a country calling code" rule lives in messagerules, from a
// table of this library's calling codes that a test keeps in step.
package numregion

import "github.com/nyaruka/phonenumbers"

// Of returns the ISO 3166-1 alpha-2 region of a sanitised phone number
// (digits, country code first): "US", "CA", "JM", "GB"... A number the
// library cannot place in one region of its calling code (an unassigned area
// code, say) gets the calling code's main region, "US" for 1, as the
// service cannot route it anywhere else either. "" when the number has no
// known calling code.
func Of(sanitised string) string {
	p, err := phonenumbers.Parse("+"+sanitised, "")
	if err != nil {
		return ""
	}
	if r := phonenumbers.GetRegionCodeForNumber(p); r != "" && r != phonenumbers.UNKNOWN_REGION {
		return r
	}
	r := phonenumbers.GetRegionCodeForCountryCode(int(p.GetCountryCode()))
	if r == phonenumbers.UNKNOWN_REGION {
		return ""
	}
	return r
}

// IsUSOrCanada reports whether a sanitised phone number is in the United
// States or Canada.
func IsUSOrCanada(sanitised string) bool {
	switch Of(sanitised) {
	case "US", "CA":
		return true
	}
	return false
}
