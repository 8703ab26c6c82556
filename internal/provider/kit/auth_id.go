package kit

import (
	"regexp"
)

// AuthIDPattern is the shape of an auth_id: MA (main account) or SA
// (subaccount) and 18 upper-case letters or digits.
var AuthIDPattern = regexp.MustCompile(`^(MA|SA)[A-Z0-9]{18}$`)
