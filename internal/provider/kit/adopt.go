package kit

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wait"
)

// Creates whose outcome is unknown. A create is never retried blindly: when
// its reply was lost or it failed with a 5xx (client.IsAmbiguousCreate), the
// provider looks the object up by what identifies it. Exactly one match is
// adopted; no match means the create was not carried out and it is sent
// again (at most maxCreateAttempts in all); several matches are an error,
// never a guess. A message is never sent again (sendMessageOrAdopt, in message_send.go).

// maxCreateAttempts bounds the creates of one object within one apply.
const MaxCreateAttempts = 3

// lookupWindow is how far before the start of a create a candidate's
// creation time may lie, to tolerate clock skew between the provider and
// the API. Objects created earlier than that are never adopted.
const LookupWindow = 2 * time.Minute

// severalMatchesError reports a lookup that found more than one candidate.
type SeveralMatchesError struct {
	Kind, Identity string
	Ids            []string
	Cause          error
}

func (e *SeveralMatchesError) Error() string {
	return fmt.Sprintf("the reply to the create was lost (%v), and %d existing %ss match %s: %s. The provider cannot tell "+
		"which one this create made and adopted none. Import the right one (terraform import) and delete the others, "+
		"or make the configuration unique.", e.Cause, len(e.Ids), e.Kind, e.Identity, strings.Join(e.Ids, ", "))
}

// lookupFailedError reports a lookup that could not be done: whether the
// object exists is unknown. It unwraps to the create's error, so the
// diagnostic also says the request may have been carried out.
type LookupFailedError struct {
	Kind         string
	Create, Find error
}

func (e *LookupFailedError) Error() string {
	return fmt.Sprintf("%v; looking for the %s it may have created failed too: %v", e.Create, e.Kind, e.Find)
}

func (e *LookupFailedError) Unwrap() error { return e.Create }

// lookupAttempts is how many times one lookup is tried, each with the
// client's own retries: a lookup that fails leaves an object possibly
// orphaned, so it is worth insisting.
const lookupAttempts = 3

func LookupWithRetry[T any](ctx context.Context, lookup func(context.Context) ([]T, error)) ([]T, error) {
	return wait.Retry(ctx, "lookup after an ambiguous create", lookupAttempts, 0, wait.Always, lookup)
}

// adoptFrom is a lookup for createOrAdopt over a listing: the listed
// objects that match, as the create's reply would have named them.
func AdoptFrom[O, T any](list func(context.Context) ([]O, error), match func(*O) bool, adopted func(*O) T) func(context.Context) ([]T, error) {
	return func(ctx context.Context) ([]T, error) {
		all, err := list(ctx)
		if err != nil {
			return nil, err
		}
		var found []T
		for i := range all {
			if match(&all[i]) {
				found = append(found, adopted(&all[i]))
			}
		}
		return found, nil
	}
}

// createOrAdopt runs create and, when its outcome is ambiguous, adopts what
// lookup finds as described above. ids names candidates in errors.
func CreateOrAdopt[T any](ctx context.Context, kind, identity string, create func(context.Context) (T, error),
	lookup func(context.Context) ([]T, error), ids func(T) string) (T, error) {
	return CreateOrAdoptTarget(ctx, kind, identity, "", create, lookup, ids)
}

// CreateOrAdoptTarget is CreateOrAdopt of an object whose id, target, is
// chosen before the create is sent (a number a search found, bought by its
// number): the journal records it with the create, so a run that is
// killed with the create on its way leaves the id to the next, which
// adopts the object if the create made it (ObjectResource.adoptJournaled),
// where a search would offer other numbers.
func CreateOrAdoptTarget[T any](ctx context.Context, kind, identity, target string, create func(context.Context) (T, error),
	lookup func(context.Context) ([]T, error), ids func(T) string) (T, error) {
	jc, _ := ctx.Value(journalKey{}).(*journalCreate)
	// The resource's own create is journaled: the first this create makes,
	// or the next after one that made nothing (the next number a search
	// found, the first sold meanwhile).
	if jc == nil || jc.entry != nil {
		return createOrAdopt(ctx, kind, identity, create, lookup, ids)
	}
	if !jc.used {
		// Adopted from an earlier run killed with it unfinished.
		jc.used = true
		if found, ok, err := adoptUnfinished(ctx, jc, kind, identity, lookup, ids); err != nil || ok {
			if ok {
				tflog.Info(ctx, "adopted an object an interrupted run created", map[string]any{"kind": kind, "id": ids(found)})
			}
			return found, err
		}
	}
	entry, err := jc.j.Begin(jc.account, jc.typ, jc.digest, target)
	if err != nil {
		tflog.Warn(ctx, "could not write the journal of creates under way; creating without it", map[string]any{"error": err.Error()})
		return createOrAdopt(ctx, kind, identity, create, lookup, ids)
	}
	jc.entry = entry
	out, err := createOrAdopt(ctx, kind, identity, create, lookup, ids)
	switch {
	case err == nil:
		if werr := jc.j.Created(entry, ids(out)); werr != nil {
			tflog.Warn(ctx, "could not record a created object in the journal", map[string]any{"error": werr.Error()})
		}
	case !client.IsAmbiguousCreate(err) && !errors.As(err, new(*LookupFailedError)):
		jc.j.Drop(entry) // nothing was made
		jc.entry = nil
	}
	return out, err
}

func createOrAdopt[T any](ctx context.Context, kind, identity string, create func(context.Context) (T, error),
	lookup func(context.Context) ([]T, error), ids func(T) string) (T, error) {
	var zero T
	var err error
	for attempt := 1; attempt <= MaxCreateAttempts; attempt++ {
		if ctx.Err() != nil {
			// Interrupted before this create started: nothing is sent.
			if err == nil {
				err = fmt.Errorf("%s not created: the run was interrupted before its create started: %w", kind, ctx.Err())
			}
			return zero, err
		}
		var out T
		cctx, done := CreateContext(ctx) // the create and its look-up
		out, err = create(cctx)
		if err == nil || !client.IsAmbiguousCreate(err) {
			done()
			return out, err
		}
		tflog.Warn(ctx, "create outcome unknown; looking the object up instead of creating another",
			map[string]any{"kind": kind, "identity": identity, "attempt": attempt, "error": err.Error()})
		found, lerr := LookupWithRetry(cctx, lookup)
		done()
		if lerr != nil {
			return zero, &LookupFailedError{Kind: kind, Create: err, Find: lerr}
		}
		switch len(found) {
		case 1:
			tflog.Info(ctx, "adopted the object an ambiguous create made", map[string]any{"kind": kind, "id": ids(found[0])})
			return found[0], nil
		case 0:
			continue // not carried out: send it again
		default:
			names := make([]string, len(found))
			for i, f := range found {
				names[i] = ids(f)
			}
			return zero, &SeveralMatchesError{Kind: kind, Identity: identity, Ids: names, Cause: err}
		}
	}
	return zero, err
}

// InterruptedLookupTimeout bounds what a create that started before the
// run was interrupted may still do (its request, the look-up of a lost
// reply, the listing that names what it made).
const InterruptedLookupTimeout = time.Minute

// CreateContext is the context of a create that has started: ctx without
// the interrupt's cancellation, so that what the create does to learn
// the object it made (its reply, a listing that names it) finishes; once
// ctx ends (Ctrl-C, or its deadline), the create has at most
// InterruptedLookupTimeout more. done releases it.
func CreateContext(ctx context.Context) (context.Context, func()) {
	detached, cancel := context.WithCancel(context.WithoutCancel(ctx))
	stop := context.AfterFunc(ctx, func() { time.AfterFunc(InterruptedLookupTimeout, cancel) })
	return detached, func() {
		stop()
		cancel()
	}
}
