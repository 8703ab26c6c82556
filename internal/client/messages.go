package client

import (
	"context"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/sched"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/messagerules"
)

// Message states of outbound messages; inbound ones are received.
const (
	MessageStateQueued      = "queued"
	MessageStateSent        = "sent"
	MessageStateDelivered   = "delivered"
	MessageStateUndelivered = "undelivered"
	MessageStateFailed      = "failed"
	MessageStateRead        = "read"
)

// MessageFilter narrows GET Message/; empty fields do not filter.
type MessageFilter struct {
	State, Direction, Type, ErrorCode string
	// PowerpackID keeps the messages sent through one powerpack.
	PowerpackID string
	// Time bounds, "YYYY-MM-DD HH:MM[:SS]" in UTC.
	TimeGT, TimeGTE, TimeLT, TimeLTE string
	Limit, Offset                    int
}

// SendMessage sends a message. A send is never retried after it may have
// reached the server: a lost reply is an *OutcomeUnknownError, never a
// second message.
func (c *Client) SendMessage(ctx context.Context, in messagerules.Message) (*MessageSent, error) {
	var out MessageSent
	if err := c.do(ctx, request{method: http.MethodPost, path: accountPath("Message"), body: in}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetMessage reads one message record; ErrNotFound when it does not exist.
func (c *Client) GetMessage(ctx context.Context, uuid string) (*Message, error) {
	var out Message
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("Message", uuid), idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// ListMessages reads one page of message records, newest first.
func (c *Client) ListMessages(ctx context.Context, f MessageFilter) (*MessageList, error) {
	q := url.Values{}
	set := func(k, v string) {
		if v != "" {
			q.Set(k, v)
		}
	}
	set("message_state", f.State)
	set("message_direction", f.Direction)
	set("message_type", f.Type)
	set("error_code", f.ErrorCode)
	set("powerpack_id", f.PowerpackID)
	set("message_time__gt", f.TimeGT)
	set("message_time__gte", f.TimeGTE)
	set("message_time__lt", f.TimeLT)
	set("message_time__lte", f.TimeLTE)
	if f.Limit > 0 {
		q.Set("limit", strconv.Itoa(f.Limit))
	}
	if f.Offset > 0 {
		q.Set("offset", strconv.Itoa(f.Offset))
	}
	var out MessageList
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("Message"), query: q, idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// MessageTimeFilter formats t for the message_time__* filters.
func MessageTimeFilter(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05") }

// ListAllMessages pages through every message record matching f (Limit and
// Offset of f are ignored).
func (c *Client) ListAllMessages(ctx context.Context, f MessageFilter) ([]Message, error) {
	return sched.ListAll(ctx, messagerules.ListMaxLimit, maxLookupPages, func(ctx context.Context, limit, offset int) ([]Message, ListMeta, error) {
		f.Limit, f.Offset = limit, offset
		l, err := c.ListMessages(ctx, f)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return l.Objects, l.Meta, nil
	})
}

// ListMessageMedia reads the media of a message; ErrNotFound when the
// message does not exist.
func (c *Client) ListMessageMedia(ctx context.Context, uuid string) (*MessageMediaList, error) {
	var out MessageMediaList
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("Message", uuid, "Media"), idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// The API's shapes of this area, defined once in internal/wire.
type (
	// Messages.
	MessageSent      = wire.MessageSent
	Message          = wire.Message
	MessageList      = wire.MessageList
	MessageMedia     = wire.MessageMedia
	MessageMediaList = wire.MessageMediaList
)
