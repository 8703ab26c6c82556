package wire

// Powerpacks (Powerpack/) and their number pools (NumberPool/{pool}/...),
// in the shapes the service's client libraries recorded.

// PriorityOrder is the order of the three kinds of source number:
// shortcode, tollfree and longcode, each once.
type PriorityOrder struct {
	Priority1 string `json:"priority1"`
	Priority2 string `json:"priority2"`
	Priority3 string `json:"priority3"`
}

// NumberPriority is one entry of a powerpack's number_priority: the order
// for a destination country and a service (SMS or MMS, upper case).
type NumberPriority struct {
	CountryISO  string        `json:"country_iso"`
	ServiceType string        `json:"service_type"`
	Priority    PriorityOrder `json:"priority"`
}

// PowerpackCreate is the body of POST Powerpack/. The two flags are
// sent as JSON booleans when set: false must reach the API (the Go
// library's omitempty booleans can never send it); other libraries send
// strings.
type PowerpackCreate struct {
	Name            string           `json:"name"`
	StickySender    FlexBool         `json:"sticky_sender,omitzero"`
	LocalConnect    FlexBool         `json:"local_connect,omitzero"`
	ApplicationType string           `json:"application_type,omitempty"`
	ApplicationID   string           `json:"application_id,omitempty"`
	NumberPriority  []NumberPriority `json:"number_priority,omitempty"`
}

// PowerpackUpdate is the body of POST Powerpack/{uuid}/: what is set
// changes. application_id "none" detaches the application; a non-empty
// number_priority replaces the whole list ([] is unset).
type PowerpackUpdate struct {
	Name            *string          `json:"name,omitempty"`
	StickySender    FlexBool         `json:"sticky_sender,omitzero"`
	LocalConnect    FlexBool         `json:"local_connect,omitzero"`
	ApplicationType *string          `json:"application_type,omitempty"`
	ApplicationID   *string          `json:"application_id,omitempty"`
	NumberPriority  []NumberPriority `json:"number_priority,omitempty"`
}

// Powerpack is a powerpack record, as a list holds it. application_id is a
// string of digits or "" (none); application_type is upper case ("XML")
// or "". number_pool is the pool's path, whose sixth segment is the
// pool's UUID (not the powerpack's). number_priority is absent from every
// recorded reply (they predate it); readers take its absence.
type Powerpack struct {
	ApplicationID   string           `json:"application_id"`
	ApplicationType string           `json:"application_type"`
	CreatedOn       string           `json:"created_on"`
	LocalConnect    bool             `json:"local_connect"`
	Name            string           `json:"name"`
	NumberPool      string           `json:"number_pool"`
	NumberPriority  []NumberPriority `json:"number_priority"`
	StickySender    bool             `json:"sticky_sender"`
	UUID            string           `json:"uuid"`
}

// PowerpackReply is the reply of a create, a get and an update: the
// record, flat, with the request's api_id.
type PowerpackReply struct {
	APIID string `json:"api_id"`
	Powerpack
}

// PowerpackList is one page of GET Powerpack/.
type PowerpackList = Page[Powerpack]

// PowerpackDelete is the body of DELETE Powerpack/{uuid}/: unrent_numbers
// true also releases every rented number of the pool.
type PowerpackDelete struct {
	UnrentNumbers FlexBool `json:"unrent_numbers"`
}

// SuccessReply is the reply of a powerpack delete and of a pool member
// removal.
type SuccessReply struct {
	APIID    string `json:"api_id"`
	Response string `json:"response"`
}

// PoolNumberAdd is the body of POST NumberPool/{pool}/Number/{number}/
// (and of the toll-free route, which takes no service). Rent true buys
// the number first (the libraries send it as the string "true").
type PoolNumberAdd struct {
	Service string   `json:"service,omitempty"`
	Rent    FlexBool `json:"rent,omitzero"`
}

// PoolNumberRemove is the body of a pool member removal: unrent true also
// releases the number.
type PoolNumberRemove struct {
	Unrent FlexBool `json:"unrent"`
}

// PoolNumber is a number or a toll-free number of a pool. type is fixed,
// mobile or tollfree; a toll-free member also carries its number under
// "tollfree", the key the Python and Node libraries read. The Python
// recording of a pool's toll-free list has only that key (no number, no
// type, no service, no account_phone_number_resource): ReadEitherKey
// reads either key into Number.
type PoolNumber struct {
	AccountPhoneNumberResource string `json:"account_phone_number_resource,omitempty"`
	AddedOn                    string `json:"added_on"`
	CountryISO2                string `json:"country_iso2"`
	Number                     string `json:"number,omitempty"`
	NumberPoolUUID             string `json:"number_pool_uuid"`
	Service                    string `json:"service,omitempty"`
	Tollfree                   string `json:"tollfree,omitempty"`
	Type                       string `json:"type,omitempty"`
}

// TollfreeMemberType is the type of a pool's toll-free member.
const TollfreeMemberType = "tollfree"

// ReadEitherKey fills what a member recorded under "tollfree" only lacks:
// its Number, and its Type (tollfree). Every reader of a decoded member
// calls it (the client does, for each reply), so none meets an empty
// number; the shape itself decodes as the service sent it, which keeps
// the golden replies' strict round trip.
func (n *PoolNumber) ReadEitherKey() {
	if n.Tollfree == "" {
		return
	}
	if n.Number == "" {
		n.Number = n.Tollfree
	}
	if n.Type == "" {
		n.Type = TollfreeMemberType
	}
}

// PoolNumberReply is the reply of a get or an add of one pool number.
type PoolNumberReply struct {
	APIID string `json:"api_id"`
	PoolNumber
}

// PoolShortcode is a short code of a pool (added outside the API).
type PoolShortcode struct {
	AddedOn        string `json:"added_on"`
	CountryISO2    string `json:"country_iso2"`
	NumberPoolUUID string `json:"number_pool_uuid"`
	Shortcode      string `json:"shortcode"`
}

// PoolMeta is the paging block of the pool lists: an empty next or
// previous is "", not null.
type PoolMeta struct {
	Limit      int    `json:"limit"`
	Next       string `json:"next"`
	Offset     int    `json:"offset"`
	Previous   string `json:"previous"`
	TotalCount int    `json:"total_count"`
}

// PoolPage is one page of a pool list.
type PoolPage[T any] struct {
	APIID   string   `json:"api_id"`
	Meta    PoolMeta `json:"meta"`
	Objects []T      `json:"objects"`
}

// PoolNumberList and PoolShortcodeList are pages of the pool's lists.
type (
	PoolNumberList    = PoolPage[PoolNumber]
	PoolShortcodeList = PoolPage[PoolShortcode]
)
