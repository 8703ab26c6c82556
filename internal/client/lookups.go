package client

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"golang.org/x/sync/singleflight"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// The number look-up: another host of the service, outside the account,
// billed per request. A Client reads each number (and look-up type) at
// most once: the first answer is kept for the client's life, which is one
// provider configuration in one Terraform run, and concurrent reads of
// the same number share one request. Failures are not kept.

// Lookup is the look-up's reply (internal/wire).
type Lookup = wire.Lookup

// DefaultLookupBaseURL is the look-up's host when none is configured: the
// service's look-up host beside its API host (https://api.<domain> ->
// https://lookup.<domain>), or baseURL itself for any other host, which
// is how the emulator serves both.
func DefaultLookupBaseURL(baseURL string) string {
	u, err := url.Parse(baseURL)
	if err != nil || u.Host == "" {
		return baseURL
	}
	if rest, ok := strings.CutPrefix(u.Host, "api."); ok {
		u.Host = "lookup." + rest
		u.Path = ""
		return u.String()
	}
	return baseURL
}

// lookupMemo keeps one client's look-up answers.
type lookupMemo struct {
	mu     sync.Mutex
	done   map[string]*Lookup
	flight singleflight.Group
}

// LookupBaseURL is the host the client sends look-ups to.
func (c *Client) LookupBaseURL() string {
	if c.lookup == nil { // a Pending client
		return ""
	}
	return c.lookup.String()
}

// LookupNumber looks number (E.164 with its +) up with type typ
// ("carrier"), at most once per client; an unknown or invalid number is
// an *APIError with status 404 (ErrNotFound) carrying the look-up's
// message.
func (c *Client) LookupNumber(ctx context.Context, number, typ string) (*Lookup, error) {
	key := typ + " " + number
	c.lookups.mu.Lock()
	if l, ok := c.lookups.done[key]; ok {
		c.lookups.mu.Unlock()
		return l, nil
	}
	c.lookups.mu.Unlock()
	v, err, _ := c.lookups.flight.Do(key, func() (any, error) {
		c.lookups.mu.Lock()
		l, ok := c.lookups.done[key] // a flight that ended since the check above
		c.lookups.mu.Unlock()
		if ok {
			return l, nil
		}
		var out Lookup
		r := request{method: http.MethodGet, host: c.lookup, path: "v1/Number/" + number, query: url.Values{"type": {typ}}, idempotent: true,
			errorShape: lookupError}
		if err := c.do(ctx, r, &out); err != nil {
			return nil, err
		}
		c.lookups.mu.Lock()
		if c.lookups.done == nil {
			c.lookups.done = map[string]*Lookup{}
		}
		c.lookups.done[key] = &out
		c.lookups.mu.Unlock()
		return &out, nil
	})
	if err != nil {
		return nil, err
	}
	l, _ := v.(*Lookup) // the flight returns nothing else
	return l, nil
}

// lookupError reads the look-up's error shape: {api_id, error_code,
// message}.
func lookupError(body []byte) (apiID, message string) {
	var l struct {
		APIID   string `json:"api_id"`
		Message string `json:"message"`
	}
	if json.Unmarshal(body, &l) != nil {
		return "", ""
	}
	return l.APIID, l.Message
}
