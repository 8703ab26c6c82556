package kit

import (
	"context"
	"fmt"
	"sort"
	"sync/atomic"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/journal"
)

// createJournal is the journal of creates under way (internal/journal),
// nil when the provider keeps none: the released binary keeps one in the
// user cache directory; a provider served in-process by the tests keeps
// none unless a test asks.
var createJournal atomic.Pointer[journal.Journal]

// RememberCreatesIn keeps the journal of creates under way in dir.
func RememberCreatesIn(dir string) { createJournal.Store(journal.Open(dir)) }

// HandOverCreates tells the journal that Terraform ended this process
// itself, after it had saved every object the process created.
func HandOverCreates() {
	if j := createJournal.Load(); j != nil {
		j.HandOverAll()
	}
}

// handOver drops the journal's entries of an object a refresh read or a
// delete removed: it is in a state, or gone.
func handOver(typeName, id string) {
	if j := createJournal.Load(); j != nil && id != "" {
		j.HandOver(typeName, id)
	}
}

// journalCreate is one resource create's use of the journal, carried to
// CreateOrAdopt in its context.
type journalCreate struct {
	j                     *journal.Journal
	account, typ, digest  string
	entry                 *journal.Entry
	used                  bool
	adopted, adoptedStart string
}

type journalKey struct{}

// withJournal prepares the journal for the create of typeName from
// config, when the provider keeps one.
func withJournal(ctx context.Context, account, typeName string, config tfsdk.Config) (context.Context, *journalCreate) {
	j := createJournal.Load()
	if j == nil || account == "" {
		return ctx, nil
	}
	jc := &journalCreate{j: j, account: account, typ: typeName, digest: configDigest(config)}
	return context.WithValue(ctx, journalKey{}, jc), jc
}

// configDigest is the digest of a configuration's values, its secrets
// (sensitive and write-only attributes) left out.
func configDigest(config tfsdk.Config) string {
	var values map[string]tftypes.Value
	if config.Raw.As(&values) != nil {
		return ""
	}
	attrs := config.Schema.GetAttributes()
	lines := make([]string, 0, len(values))
	for name, v := range values {
		if a, ok := attrs[name]; ok && (a.IsSensitive() || a.IsWriteOnly()) {
			continue
		}
		lines = append(lines, name+"="+v.String())
	}
	sort.Strings(lines)
	return journal.Digest(lines)
}

// adoptUnfinished looks for an object that an earlier run's create of
// the same kind and configuration sent and never learned the id of (the
// run died with the create on its way), among the candidates lookup
// finds, as for a lost reply: it adopts the only one; several stop the
// create. An entry with an id was adopted by it before (adoptJournaled).
func adoptUnfinished[T any](ctx context.Context, jc *journalCreate, kind, identity string, lookup func(context.Context) ([]T, error),
	ids func(T) string) (T, bool, error) {
	var zero T
	entries := jc.j.Unfinished(jc.account, jc.typ, jc.digest)
	if len(entries) == 0 || lookup == nil {
		return zero, false, nil
	}
	found, err := LookupWithRetry(ctx, lookup)
	if err != nil {
		// The create goes on as it would without the journal; its own
		// lost-reply look-up reports a failure that matters.
		tflog.Warn(ctx, "could not look up what an interrupted run created; creating as usual", map[string]any{"error": err.Error()})
		return zero, false, nil //nolint:nilerr // see above
	}
	for _, e := range entries {
		if e.ID != "" || e.Target != "" {
			continue // adopted by its id before the create (adoptJournaled), if it still exists
		}
		if len(found) > 1 {
			names := make([]string, len(found))
			for i, f := range found {
				names[i] = ids(f)
			}
			return zero, false, &SeveralMatchesError{Kind: kind, Identity: identity, Ids: names,
				Cause: fmt.Errorf("a run killed at %s sent this create and never learned what it made", e.Started.Format("2006-01-02 15:04:05 UTC"))}
		}
		if len(found) == 1 {
			jc.j.Adopted(e)
			jc.adopted, jc.adoptedStart = ids(found[0]), e.Started.Format("2006-01-02 15:04:05 UTC")
			return found[0], true, nil
		}
	}
	return zero, false, nil
}

// adoptedWarning says which object a create adopted from the journal.
func (jc *journalCreate) adoptedWarning(typeName string) (summary, detail string) {
	return "Adopted what an interrupted run created",
		fmt.Sprintf("cpaas%s %s was created by an earlier run (started %s) that was killed before Terraform saved it. "+
			"This apply adopted it instead of creating another; it is now in the state. The provider's journal of "+
			"creates under way (%s) named it: it records each create before it is sent, and drops it once the object "+
			"is in a state.", typeName, jc.adopted, jc.adoptedStart, jc.j.Dir())
}

// unfinishedAtPlan warns, in the plan of a create, of what a killed run's
// create of the same type and configuration left: an object the apply
// will adopt (the journal knows its id), or one it will look for by what
// identifies it (the run died with the create on its way), with the
// import block that adopts it by hand.
func unfinishedAtPlan(account, typeName string, config tfsdk.Config) diag.Diagnostics {
	j := createJournal.Load()
	if j == nil {
		return nil
	}
	var diags diag.Diagnostics
	for _, e := range j.Unfinished(account, typeName, configDigest(config)) {
		started := e.Started.Format("2006-01-02 15:04:05 UTC")
		if e.ID != "" {
			diags.AddWarning("A killed run left this cpaas"+typeName+" on the account",
				fmt.Sprintf("A run killed at %s created cpaas%s %s with this configuration and never handed it to Terraform. "+
					"The apply adopts it instead of creating another (unless it was deleted since).", started, typeName, e.ID))
			continue
		}
		diags.AddWarning("A killed run may have left this cpaas"+typeName+" on the account",
			fmt.Sprintf("A run killed at %s sent the create of a cpaas%s with this configuration and never learned what it made. "+
				"The apply looks for it by what identifies it and adopts it when exactly one object matches; when several "+
				"match it stops and names them. If the account holds it and the apply cannot find it, adopt it by hand "+
				"instead of creating another, with an import block of its id:\n\n  import {\n    to = <this resource's address>\n"+
				"    id = \"<its id>\"\n  }", started, typeName))
	}
	return diags
}
