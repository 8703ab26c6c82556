package client

import (
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// The client sends and returns the API's own shapes, defined once in
// internal/wire for the client and the emulator; the names each area's
// file gives them (client.Brand, client.Endpoint) keep the provider's
// vocabulary short. Here are the shapes every area shares.
type (
	// FlexBool is a flag a request may leave unset (Flag, FlagOf).
	FlexBool = wire.FlexBool
	// FlexInt is an integer a request sends as a JSON number.
	FlexInt = wire.FlexInt
	// ListMeta is a listing page's meta: total_count, next, ...
	ListMeta = wire.ListMeta
)

// Flag and FlagOf make a request's flag: set to a value, or to a pointer's
// (unset when nil).
var (
	Flag   = wire.Flag
	FlagOf = wire.FlagOf
)
