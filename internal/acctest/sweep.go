package acctest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// The sweepers of make sweep (terraform-plugin-testing's -sweep, which
// Main hands to resource.TestMain), declared by each family in its Family
// (kit.Sweeper; provider.Sweepers gathers them): each deletes the objects
// of one kind whose name or alias starts with Prefix, on the account real
// mode names, after the kinds that refer to them (After), and prints one
// line per object it deleted and one per kind with what it left. The
// "region" the harness passes is ignored: an account has none. A kind with
// no Delete is only listed, for Env.Objects.

// inventories are the kinds real mode's Env.Objects lists and a test's
// leftovers are deleted from, every sweeper's after those it names in
// After: users before what they use.
var inventories = sweepOrder(provider.Sweepers())

// sweeps are the sweepers by name, for the tests to run one.
var sweeps = registerSweepers(inventories)

// sweepOrder is kinds with each after the kinds its After names, and
// otherwise in the order given. It panics on a name After gives that no
// kind has, or on a cycle: a family's declaration is wrong.
func sweepOrder(kinds []kit.Sweeper) []kit.Sweeper {
	byName := map[string]kit.Sweeper{}
	for _, k := range kinds {
		if _, dup := byName[k.Name]; dup {
			panic(fmt.Sprintf("two sweepers are named %q", k.Name))
		}
		byName[k.Name] = k
	}
	var out []kit.Sweeper
	state := map[string]int{} // 1: being placed, 2: placed
	var place func(k kit.Sweeper, path []string)
	place = func(k kit.Sweeper, path []string) {
		switch state[k.Name] {
		case 2:
			return
		case 1:
			panic(fmt.Sprintf("the sweepers' After form a cycle: %s", strings.Join(append(path, k.Name), " after ")))
		}
		state[k.Name] = 1
		for _, a := range k.After {
			first, ok := byName[a]
			if !ok {
				panic(fmt.Sprintf("sweeper %q goes after %q, which no family declares", k.Name, a))
			}
			place(first, append(slices.Clip(path), k.Name))
		}
		state[k.Name] = 2
		out = append(out, k)
	}
	for _, k := range kinds {
		place(k, nil)
	}
	return out
}

// registerSweepers hands each kind that deletes to the test harness's
// -sweep, and returns them by name.
func registerSweepers(kinds []kit.Sweeper) map[string]func() error {
	out := map[string]func() error{}
	for _, k := range kinds {
		if k.Delete == nil {
			continue
		}
		out[k.Name] = func() error { return sweep(k) }
		resource.AddTestSweepers(k.Name, &resource.Sweeper{Name: k.Name, Dependencies: k.After, F: func(string) error { return sweep(k) }})
	}
	return out
}

// shown is the label as the sweep prints it.
func shown(k kit.Sweeper, label string) string {
	if !k.Personal {
		return label
	}
	if parts := strings.SplitN(label, "-", 3); len(parts) == 3 {
		return parts[0] + "-" + parts[1] + "-… (name withheld)"
	}
	return "(name withheld)"
}

// sweep deletes k's objects that carry the prefix.
func sweep(k kit.Sweeper) error {
	if realMode == nil {
		return errors.New("make sweep needs real mode: CPAAS_ACC_REAL=1 with CPAAS_BASE_URL, CPAAS_AUTH_ID and CPAAS_AUTH_TOKEN")
	}
	c, err := realClient()
	if err != nil {
		return err
	}
	ctx := context.Background()
	objs, err := k.List(ctx, c, kit.SweepQuery{Ours: Prefixed})
	if err != nil {
		return fmt.Errorf("listing %s: %w", k.Name, err)
	}
	others, kept := 0, 0
	var errs []error
	for _, o := range objs {
		switch {
		case !Prefixed(o.Label):
			others++
		case k.Spend != "" && !realMode.spend[k.Spend]:
			kept++
			fmt.Printf("left %s %s (%s): %s=%s releases it\n", k.Name, o.ID, shown(k, o.Label), EnvSpend, k.Spend)
		default:
			if err := k.Delete(c, ctx, o.ID); err != nil && !errors.Is(err, client.ErrNotFound) {
				errs = append(errs, fmt.Errorf("deleting %s %s (%s): %w", k.Name, o.ID, shown(k, o.Label), err))
				continue
			}
			fmt.Printf("deleted %s %s (%s)\n", k.Name, o.ID, shown(k, o.Label))
		}
	}
	fmt.Printf("sweep %s: left %d without the prefix %s untouched", k.Name, others, Prefix)
	if kept > 0 {
		fmt.Printf(", and %d with it", kept)
	}
	fmt.Println()
	return errors.Join(errs...)
}

// realClient is a client for real mode's account.
func realClient() (*client.Client, error) {
	return client.New(client.Config{BaseURL: realMode.baseURL, AuthID: realMode.authID, AuthToken: realMode.authToken, Version: "sweep"})
}
