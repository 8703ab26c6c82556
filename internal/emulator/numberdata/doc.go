// Package numberdata is the emulator's inventory of phone numbers available for
// purchase and the search over it (GET /v1/Account/{auth_id}/PhoneNumber/). It knows
// nothing of HTTP: the emulator's handler parses the query with ParseQuery, calls
// Inventory.Search, builds the list meta with Query.Meta and sets resource URIs with
// PhoneNumber.WithResourceURI. Buying and releasing a number are Inventory.Take and
// Inventory.Return.
//
// How the inventory is made and searched: README.md in this folder.
package numberdata
