package client

import (
	"context"
	"strings"
)

// An endpoint's sip_uri is "sip:<username>@<domain>", and the domain is the
// same for every endpoint of an account. The create reply carries the
// endpoint id and the SIP username but not the URI, so a create would need a
// read-back only to learn it. The client learns the domain from the first
// endpoint it reads (any GET or list reply) and from then on derives the URI
// of a new endpoint itself: a create is one request.

// learnSIPDomain remembers the account's SIP domain from an endpoint read
// from the API. It checks the URI has the documented shape for this
// username, so a surprising reply teaches nothing.
func (c *Client) learnSIPDomain(ep *Endpoint) {
	if c.sipDomain.Load() != nil {
		return
	}
	rest, ok := strings.CutPrefix(ep.SIPURI, "sip:"+ep.Username+"@")
	if !ok || rest == "" || strings.ContainsAny(rest, "@/ ") {
		return
	}
	c.sipDomain.CompareAndSwap(nil, &rest)
}

// ShareSIPDomainReadBack runs readBack, a read-back of a just-created
// endpoint that teaches the SIP domain, unless another create's read-back
// is in flight: then it waits for that one instead. Creates finishing
// together before the domain is known thus make one read-back between them.
func (c *Client) ShareSIPDomainReadBack(ctx context.Context, readBack func(context.Context) error) {
	if c.sipDomain.Load() != nil {
		return
	}
	_, _, _ = c.sipDomainFlight.Do("sip-domain", func() (any, error) {
		return nil, readBack(ctx)
	})
}

// EndpointSIPURI returns the SIP URI of sipUsername when the account's SIP
// domain is known, that is after the client has read any endpoint.
func (c *Client) EndpointSIPURI(sipUsername string) (string, bool) {
	d := c.sipDomain.Load()
	if d == nil {
		return "", false
	}
	return "sip:" + sipUsername + "@" + *d, true
}
