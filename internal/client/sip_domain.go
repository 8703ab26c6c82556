package client

import (
	"context"
	"errors"
	"strings"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wait"
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

// NewEndpointSIPURI returns the SIP URI of the endpoint this client just
// created as id with sipUsername. Once the SIP domain is known it is derived
// without a request. Until then the endpoint is read back (retrying a 404
// while the read lags the create), which teaches the domain; creates
// finishing together share one read-back and then derive their own URIs.
func (c *Client) NewEndpointSIPURI(ctx context.Context, id, sipUsername string) (string, error) {
	if uri, ok := c.EndpointSIPURI(sipUsername); ok {
		return uri, nil
	}
	_, err, shared := c.sipDomainFlight.Do("sip-domain", func() (any, error) {
		return c.readNewEndpoint(ctx, id)
	})
	if uri, ok := c.EndpointSIPURI(sipUsername); ok {
		return uri, nil
	}
	if err != nil && !shared {
		return "", err
	}
	// Another endpoint's read-back failed or taught nothing: read this one.
	ep, err := c.readNewEndpoint(ctx, id)
	if err != nil {
		return "", err
	}
	return ep.SIPURI, nil
}

func (c *Client) readNewEndpoint(ctx context.Context, id string) (*Endpoint, error) {
	return wait.UntilFound(ctx, "endpoint "+id, func(err error) bool { return errors.Is(err, ErrNotFound) },
		func(ctx context.Context) (*Endpoint, error) { return c.GetEndpoint(ctx, id) })
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
