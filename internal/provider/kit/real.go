package kit

import (
	"context"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// What a family declares for the acceptance harness on a real account
// (real mode and make sweep, in internal/acctest): how to find and delete
// what tests left of its kinds, and which of its requests cost money. The
// provider never reads these; they sit in the family's Family so that a
// new kind adds them where it adds its resources.

// Spend is what a kind costs on a real account: the category
// CPAAS_ACC_SPEND must name for a test to spend it.
type Spend string

// The spending categories.
const (
	SpendNumbers    Spend = "numbers"    // buying (renting) numbers
	SpendMessages   Spend = "messages"   // sending messages
	Spend10DLC      Spend = "10dlc"      // brand and campaign fees
	SpendCompliance Spend = "compliance" // compliance reviews
	SpendLookup     Spend = "lookup"     // billed per look-up
)

// Sweeper lists one kind's objects on the account and deletes one: make
// sweep deletes those whose name carries the tests' prefix, a test in real
// mode those it created and left, and Env.Objects lists the test's own.
type Sweeper struct {
	Name string // as printed, and as After names it: "endpoints"
	// Kind is the kind in Env.Objects, the emulator's inventory's name:
	// "endpoints".
	Kind string
	// After are the sweepers (Name) whose objects use these, and so are
	// deleted first.
	After []string
	// List lists the account's objects of the kind.
	List func(ctx context.Context, c *client.Client, q SweepQuery) ([]Swept, error)
	// Owner is the id the test must have created for an object to be its:
	// the object's own (nil), or its parent's (a campaign's, for a link).
	Owner func(id string) string
	// Delete deletes one; nil when the kind is only listed (its objects
	// expire, or go with their parent).
	Delete func(c *client.Client, ctx context.Context, id string) error
	// Spend, when set, is the category CPAAS_ACC_SPEND must name for the
	// sweeper to delete (release) anything.
	Spend Spend
	// Personal marks a label that is personal data (an end user's name):
	// the sweep then prints only the prefix and the test's tag.
	Personal bool
}

// SweepQuery is what a sweeper's List is asked for.
type SweepQuery struct {
	// Since is when the test started, for a kind the account keeps for
	// ever (messages), whose listing need not go further back; the zero
	// time for a sweep.
	Since time.Time
	// Ours reports whether a name or alias carries the tests' prefix: a
	// listing that reads each object's children (a campaign's numbers)
	// reads only the tests' objects'.
	Ours func(label string) bool
}

// Swept is one object a sweeper lists: its id, and the name or alias the
// prefix is looked for in.
type Swept struct{ ID, Label string }

// Listed adapts a client listing (a method expression such as
// (*client.Client).ListAllEndpoints) to Sweeper.List: each object's id
// and label.
func Listed[T any](list func(*client.Client, context.Context) ([]T, error), id, label func(T) string) func(context.Context, *client.Client, SweepQuery) ([]Swept, error) {
	return func(ctx context.Context, c *client.Client, _ SweepQuery) ([]Swept, error) {
		objs, err := list(c, ctx)
		out := make([]Swept, 0, len(objs))
		for _, o := range objs {
			out = append(out, Swept{ID: id(o), Label: label(o)})
		}
		return out, err
	}
}

// RealKind is what real mode's proxy and skips need of one collection of
// the API, or of types that spend without one of their own.
type RealKind struct {
	// Path is the collection below the account, its collection segments
	// without ids ("Endpoint", "10dlc/Campaign/Import"), and what lies
	// below it; "" for types whose spending the proxy cannot see by path
	// (a look-up's host, a link).
	Path string
	// Named: the objects under Path carry a name (alias, name, app_name)
	// the proxy prefixes with the test's tag, and their listings are
	// filtered to the test's own.
	Named bool
	// Types are the configuration blocks that make one:
	// `resource "cpaas_endpoint"`, `action "cpaas_send_message"`.
	Types []string
	// Spend is what a create (a POST to Path) or any of Types costs; "" for
	// nothing.
	Spend Spend
	// OwnAccount, when set, is why a test naming one of Types needs an
	// account of its own: real mode skips it.
	OwnAccount string
}
