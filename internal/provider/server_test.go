package provider

import (
	"context"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

type trackedKey struct{}

// trackedContexts returns a function making contexts that each carry a
// 64 KiB value, and a counter of those values the garbage collector freed.
func trackedContexts() (func() (context.Context, context.CancelFunc), *atomic.Int64) {
	var freed atomic.Int64
	return func() (context.Context, context.CancelFunc) {
		v := new([64 << 10]byte)
		runtime.AddCleanup(v, func(*atomic.Int64) { freed.Add(1) }, &freed)
		return context.WithCancel(context.WithValue(context.Background(), trackedKey{}, v))
	}, &freed
}

// freedAfterGC collects garbage until at least want values were freed or
// two seconds passed (cleanups run on their own goroutine).
func freedAfterGC(freed *atomic.Int64, want int64) int64 {
	deadline := time.Now().Add(2 * time.Second)
	for freed.Load() < want && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	return freed.Load()
}

// The server keeps nothing of a finished call's context, so a long apply
// does not grow the provider by a context per call. The framework's own
// server, the control, keeps them all until StopProvider.
func TestServerReleasesCallContexts(t *testing.T) {
	const calls = 50
	for _, tc := range []struct {
		name     string
		server   tfprotov6.ProviderServer
		released bool
	}{
		{"NewServer", NewServer("test")(), true},
		{"framework server (control)", providerserver.NewProtocol6(New("test")())(), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			newCtx, freed := trackedContexts()
			for i := 0; i < calls; i++ {
				ctx, cancel := newCtx()
				resp, err := tc.server.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: "cpaas_endpoint"})
				cancel() // as gRPC does when the call ends
				if err != nil || resp == nil {
					t.Fatalf("ValidateResourceConfig: %v", err)
				}
			}
			got := freedAfterGC(freed, calls)
			runtime.KeepAlive(tc.server)
			if tc.released && got < calls {
				t.Fatalf("%d of %d call contexts freed while the server lives", got, calls)
			}
			if !tc.released {
				t.Logf("the framework's server kept %d of %d call contexts (upstream behaviour; NewServer can go once this reaches 0)", calls-got, calls)
			}
		})
	}
}

// While a call runs, its context is the call's: values, deadline and
// cancellation. After it returns, the values are gone and the cancellation
// still shows.
func TestDetachedContextForwardsUntilRelease(t *testing.T) {
	deadline := time.Now().Add(time.Hour)
	parent, cancel := context.WithDeadline(context.WithValue(context.Background(), trackedKey{}, "v"), deadline)
	d := detach(parent)
	if d.Value(trackedKey{}) != "v" || d.Err() != nil {
		t.Fatalf("before release: value %v, err %v", d.Value(trackedKey{}), d.Err())
	}
	if dl, ok := d.Deadline(); !ok || !dl.Equal(deadline) {
		t.Fatalf("deadline %v %v", dl, ok)
	}
	child, stop := context.WithCancel(d)
	defer stop()
	cancel()
	select {
	case <-child.Done(): // cancelling the call cancels what derives from it
	case <-time.After(2 * time.Second):
		t.Fatal("a context derived from the detached one was not cancelled with the call")
	}
	d.release()
	if d.Value(trackedKey{}) != nil {
		t.Fatal("a released context still gives the call's values")
	}
	if !errors.Is(d.Err(), context.Canceled) {
		t.Fatalf("released context of a cancelled call: Err %v", d.Err())
	}
	live := detach(context.Background())
	live.release()
	if live.Err() != nil {
		t.Fatalf("released context of a live call: Err %v", live.Err())
	}
}

// streamedRPCs keep the call's context attached: Terraform reads their
// results after the call has returned (server.go says why for each).
var streamedRPCs = map[string]bool{"InvokeAction": true, "ListResource": true}

// Every RPC of the server interfaces tf6server serves is a method
// detachingServer declares itself (none reaches the framework through an
// embedded server), and each passes the framework a detached context
// through call, but for the streamed ones. A method terraform-plugin-go
// adds to an optional interface fails here; one added to ProviderServer
// fails the build.
func TestDetachingServerWrapsEveryRPC(t *testing.T) {
	want := map[string]bool{}
	for _, iface := range []reflect.Type{
		reflect.TypeFor[tfprotov6.ProviderServer](),
		reflect.TypeFor[tfprotov6.ActionServer](),
		reflect.TypeFor[tfprotov6.ListResourceServer](),
	} {
		for i := range iface.NumMethod() {
			want[iface.Method(i).Name] = true
		}
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "server.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv == nil || len(fn.Recv.List) != 1 {
			continue
		}
		if id, ok := fn.Recv.List[0].Type.(*ast.Ident); !ok || id.Name != "detachingServer" {
			continue
		}
		name := fn.Name.Name
		declared[name] = true
		detached := false
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "call" {
					detached = true
				}
			}
			return true
		})
		if detached == streamedRPCs[name] {
			t.Errorf("detachingServer.%s: passes the framework a detached context: %v, want %v", name, detached, !streamedRPCs[name])
		}
	}
	for name := range want {
		if !declared[name] {
			t.Errorf("detachingServer does not declare %s: the framework would serve it with the call's context, kept until StopProvider", name)
		}
	}
	for name := range declared {
		if !want[name] {
			t.Errorf("detachingServer declares %s, which no server interface has", name)
		}
	}
	if got := reflect.TypeFor[detachingServer]().NumMethod(); got != len(want) {
		t.Errorf("detachingServer has %d methods, the interfaces %d", got, len(want))
	}
}
