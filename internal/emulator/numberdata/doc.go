// Package numberdata is the emulator's inventory of phone numbers available for
// purchase and the search over it (GET /v1/Account/{auth_id}/PhoneNumber/). It knows
// nothing of HTTP: the emulator's handler parses the query with ParseQuery, calls
// Inventory.Search, builds the list meta with Query.Meta and sets resource URIs with
// PhoneNumber.WithResourceURI. Buying and releasing a number are Inventory.Take and
// Inventory.Return.
//
// # Inventory
//
// The inventory is built from hand-made tables of real area codes, cities and regions
// with a fixed-seed generator (no clock, no global rand): every run and every New()
// holds the same numbers. It is built once per process and shared read-only; each
// Inventory only keeps its own set of taken numbers, so New() is cheap.
//
//   - US: 13,440 local numbers in 80 real NPAs (168 each, in 8 NXXs: 20 random ones
//     and the vanity number NXX-2255, "CALL", in each) with their real
//     cities, state names ("California"), short upper-case rate centers ("SNFC CNTRL")
//     and the LATA of the area (722 for the San Francisco Bay), plus 560 toll-free
//     numbers (800, 833, 844, 855, 866, 877, 888).
//   - CA: local numbers in real Canadian NPAs with province names, rate centers and
//     LATA-like numbers in the 850-890 range, plus toll-free numbers.
//   - GB, DE, AU, IN, FR: thousands each of geographic, mobile, toll-free and (except IN)
//     non-geographic national numbers with real area codes and number lengths.
//
// # Types and sub-types
//
// The spec's example is a San Francisco number with type "fixed" and sub_type "local";
// the search filter takes toll-free, local, mobile, national and fixed. The inventory
// uses four (type, sub_type) pairs:
//
//	type        sub_type    numbers
//	fixed       local       geographic numbers: NANP NPA numbers, GB 01/02, DE 030, ...
//	fixed       national    non-geographic landline numbers: GB 03, DE 032, AU 1300, FR 09
//	mobile      mobile      mobile numbers (none in US and CA, where they are not distinct)
//	toll-free   toll-free   freephone numbers: NANP 8XX, GB/DE 0800, AU/IN 1800, FR 0800
//
// A type filter value matches a number when it equals the number's type or its
// sub_type: "fixed" selects all fixed numbers, "local" the geographic ones, "national"
// the non-geographic ones. "tollfree" (the production spelling) is accepted as an
// alias of "toll-free".
//
// Only fixed/local numbers carry a city, a region and a prefix that is an area code;
// NANP ones also carry a rate center and a LATA. The prefix is the NPA for NANP, the
// area code elsewhere, the operator block for mobiles ("7911"), the service code for
// toll-free and national numbers ("800", "330").
//
// # Fields where the spec is silent
//
//   - lata is an integer as the spec says, 0 where there is no LATA (outside US/CA and
//     on toll-free numbers); real LATAs are numbered from 120, so 0 never collides.
//   - rate_center, city and region are "" where they do not apply, never null.
//   - Rates are decimal strings with exactly five fractional digits. sms_rate is
//     "0.00000" on a number without SMS, voice_rate "0.00000" on one without voice.
//   - Services: NANP local numbers mostly offer both; about 6% are voice-only and 4%
//     SMS-only. Toll-free: both, about 20% voice-only. Landlines outside NANP (local and
//     national) are voice-only, as in reality; mobiles offer both.
//   - restriction and restriction_text are null except where a purchase needs an
//     address: "city-address" (address in the number's city) on DE and IN local
//     numbers, "country-address" (address in the country) on DE mobile and national
//     numbers and on FR and AU local numbers.
//   - compliance_requirement is not a field of the search item (json:"-") but every
//     number has one, used by the filter: "" (none, filter value "{Null}") for US, CA
//     and GB; "address_proof" for DE local, national and toll-free, FR local and AU
//     local; "identity_proof" for DE and FR mobiles and for every IN number.
//
// # Query rules where the spec is silent
//
// The rules below live in package internal/numberrules (numberrules.Parse), which
// ParseQuery calls and the provider's cpaas_phone_numbers data source runs at plan time.
//
//   - An empty parameter value counts as absent (except country_iso, which is
//     required); of a repeated parameter the first value counts; unknown parameters are
//     ignored. All problems of a query are reported together.
//   - country_iso: two letters, case-insensitive. A well-formed code the inventory does
//     not hold yields no results, not an error.
//   - type: case-insensitive; see above.
//   - pattern: up to 15 characters A-Z, 0-9, * and ?; lower-case letters are upper-cased.
//     Letters map to keypad digits (ABC=2 DEF=3 GHI=4 JKL=5 MNO=6 PQRS=7 TUV=8 WXYZ=9),
//     ? is one digit, * any run of digits (also none). It is anchored right after the
//     country code and only needs to match the start of the rest of the number, so
//     "415CALL" keeps 1415225 5xxx and "*2255" keeps numbers containing 2255.
//   - npanxx: six digits, the first not 0; US and CA only; it selects fixed/local
//     numbers, so it is refused with type toll-free, mobile or national.
//   - local_calling_area: true or false (case-insensitive); true needs npanxx. The local
//     calling radius of an NPA-NXX is its rate center: the result holds every local
//     number of the country with the same region and rate center, including those of
//     overlay NPAs (415 and 628) and other NXXs. An NPA the inventory does not hold
//     has no known radius and yields no results.
//   - region: at least 2 characters, the whole region name compared case-insensitively
//     ("california" finds "California"). With no type, type fixed is assumed; with type
//     toll-free, mobile or national it is refused (those numbers have no region).
//   - city: the whole city name compared case-insensitively; refused with type
//     toll-free, mobile or national (those numbers have no city).
//   - services: a comma-separated list of "voice" and "sms" (case-insensitive, any
//     order, blanks around items allowed); a number must offer every listed service.
//     Anything else, "mms" included, is refused: the search item has no MMS flag.
//   - lata: an integer from 1 to 999; rate_center: up to 10 characters compared
//     case-insensitively. Both US and CA only.
//   - compliance_requirement: "{Null}" (case-insensitive) keeps numbers with no
//     requirement; "address_proof" and "identity_proof" keep numbers needing exactly
//     that; other values are refused.
//   - limit: an integer from 1 to MaxLimit (20, the production cap of the search);
//     a larger value is refused rather than clamped, so a client that expects more
//     learns at once. offset: a non-negative integer; past the end gives no objects.
//
// Results are sorted by number ascending; offset and limit apply after filtering and
// after removing taken numbers. Query.Meta builds tastypie-style links: next is null on
// the last page, previous null on the first, and both repeat every filter of the query.
//
// # Starter numbers
//
// StarterNumbers gives the three US local numbers every new emulator account owns from
// the start. They use NXX 555 with lines 0100-0199, the block reserved for fiction,
// which the generator never uses, so they never collide with a generated number. The
// inventory holds them as taken: a fresh search never shows them, and once released
// (Return) they are on sale like any released number.
package numberdata
