package client

import (
	"context"
	"net/http"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// The account's own shapes (internal/wire).
type (
	Account       = wire.Account
	AccountUpdate = wire.AccountUpdate
)

// GetAccount reads the account the client acts for (GET /v1/Account/{auth_id}/).
func (c *Client) GetAccount(ctx context.Context) (*Account, error) {
	var out wire.AccountReply
	if err := c.do(ctx, request{method: http.MethodGet, path: "", idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out.Account, nil
}

// UpdateAccount sets the fields of in that are not nil; the others stay
// as they are. Setting fields is idempotent, so it is retried like a read.
func (c *Client) UpdateAccount(ctx context.Context, in AccountUpdate) error {
	return c.do(ctx, request{method: http.MethodPost, path: "", body: in, idempotent: true}, nil)
}
