package client

import (
	"context"
	"errors"
	"strings"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wait"
)

// An application's sip_uri is "sip:<app_id>@<domain>", and the domain is
// the same for every application of an account (recorded:
// "sip:20468599130939380@app.plivo.com"). The create reply carries the
// app_id but not the URI, and every other value of the application is the
// one the create sent: the client learns the domain from the first
// application it reads (any GET or list reply) and from then on derives
// the URI of a new application itself, so a create is one request, as
// the endpoints' (sip_domain.go).

// learnAppSIPDomain remembers the applications' SIP domain from an
// application read from the API, when its URI has the documented shape
// for its app_id.
func (c *Client) learnAppSIPDomain(a *Application) {
	if c.appSIPDomain.Load() != nil || a.AppID == "" {
		return
	}
	rest, ok := strings.CutPrefix(a.SIPURI, "sip:"+a.AppID+"@")
	if !ok || rest == "" || strings.ContainsAny(rest, "@/ ") {
		return
	}
	c.appSIPDomain.CompareAndSwap(nil, &rest)
}

// ApplicationSIPURI returns the SIP URI of application appID when the
// applications' SIP domain is known, that is after the client has read
// any application.
func (c *Client) ApplicationSIPURI(appID string) (string, bool) {
	d := c.appSIPDomain.Load()
	if d == nil {
		return "", false
	}
	return "sip:" + appID + "@" + *d, true
}

// NewApplication returns the application this client just created as
// appID: nil once the SIP domain is known (the caller has every other
// value; ApplicationSIPURI gives the URI). Until then it is read back
// (retrying a 404 while the read lags the create), which teaches the
// domain; creates finishing together share one read-back, and those it
// did not read derive their URIs.
func (c *Client) NewApplication(ctx context.Context, appID string) (*Application, error) {
	if _, ok := c.ApplicationSIPURI(appID); ok {
		return nil, nil
	}
	got, err, shared := c.appSIPDomainFlight.Do("app-sip-domain", func() (any, error) {
		return c.readNewApplication(ctx, appID)
	})
	if a, ok := got.(*Application); ok && err == nil && !shared {
		return a, nil // this one's own read
	}
	if _, ok := c.ApplicationSIPURI(appID); ok {
		return nil, nil
	}
	if err != nil && !shared {
		return nil, err
	}
	// Another application's read-back failed or taught nothing: read this one.
	return c.readNewApplication(ctx, appID)
}

func (c *Client) readNewApplication(ctx context.Context, appID string) (*Application, error) {
	return wait.UntilFound(ctx, "application "+appID, func(err error) bool { return errors.Is(err, ErrNotFound) },
		func(ctx context.Context) (*Application, error) { return c.GetApplication(ctx, appID) })
}
