package client

import (
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// The client sends and returns the API's own shapes, defined once in
// internal/wire for the client and the emulator; these names keep the
// provider's vocabulary (client.Brand, client.Endpoint) short.
type (
	// FlexBool is a flag a request may leave unset (Flag, FlagOf).
	FlexBool = wire.FlexBool
	// FlexInt is an integer a request sends as a JSON number.
	FlexInt = wire.FlexInt

	// Endpoints.
	EndpointCreate  = wire.EndpointCreate
	EndpointCreated = wire.EndpointCreated
	Endpoint        = wire.Endpoint
	EndpointUpdate  = wire.EndpointUpdate
	ListMeta        = wire.ListMeta
	EndpointList    = wire.EndpointList

	// Messages.
	MessageSent      = wire.MessageSent
	Message          = wire.Message
	MessageList      = wire.MessageList
	MessageMedia     = wire.MessageMedia
	MessageMediaList = wire.MessageMediaList

	// 10DLC.
	BrandCreate              = wire.BrandCreate
	BrandCreated             = wire.BrandCreated
	DeclinedReason           = wire.DeclinedReason
	Brand                    = wire.Brand
	Address                  = wire.Address
	AuthorizedContact        = wire.AuthorizedContact
	BrandUsecases            = wire.BrandUsecases
	Throughput               = tendlcrules.Throughput
	BrandList                = wire.BrandList
	CampaignAttributes       = wire.CampaignAttributes
	CampaignAttributesRecord = wire.CampaignAttributesRecord
	CampaignCreate           = wire.CampaignCreate
	CampaignCreated          = wire.CampaignCreated
	CampaignUpdate           = wire.CampaignUpdate
	Campaign                 = wire.Campaign
	CampaignList             = wire.CampaignList
	CampaignNumber           = wire.CampaignNumber
	CampaignNumbers          = wire.CampaignNumbers
	NumberLink               = wire.NumberLink
	NumberUnlink             = wire.NumberUnlink

	// Masking sessions.
	MaskingSessionCreate  = wire.MaskingSessionCreate
	MaskingSession        = wire.MaskingSession
	IntText               = wire.IntText
	MaskingSessionCreated = wire.MaskingSessionCreated
	MaskingSessionUpdate  = wire.MaskingSessionUpdate
	MaskingSessionList    = wire.MaskingSessionList

	// Numbers.
	PhoneNumber       = wire.PhoneNumber
	PhoneNumberList   = wire.PhoneNumberList
	PhoneNumberBuy    = wire.PhoneNumberBuy
	PhoneNumberBought = wire.PhoneNumberBought
	BoughtNumber      = wire.BoughtNumber
	AccountNumber     = wire.AccountNumber
	AccountNumberList = wire.AccountNumberList
	NumberUpdate      = wire.NumberUpdate
	OwnCarrierNumbers = wire.OwnCarrierNumbers
)

// Flag and FlagOf make a request's flag: set to a value, or to a pointer's
// (unset when nil).
var (
	Flag   = wire.Flag
	FlagOf = wire.FlagOf
)
