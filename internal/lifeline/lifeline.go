// Package lifeline ends the provider's process when Terraform, the
// process that started it, is gone (kill -9 of terraform, a CI runner
// that stops its job): no RPC will come any more, and no answer would be
// read. Without it the provider went on for minutes, running waits and
// calls nobody would see.
//
// Once the parent is gone, every call in flight is cancelled as an
// interrupt cancels it: nothing new is sent, a create already sent is
// carried to its reply (the client's transport), and its object is in the
// journal of creates under way for the next run to adopt. The process
// exits as soon as no call is in flight.
package lifeline

import (
	"context"
	"os"
	"sync/atomic"
	"time"
)

var (
	orphaned, orphan = context.WithCancel(context.Background())
	inFlight         atomic.Int64
)

// Call marks a call in flight until end is called, and returns its
// context, which also ends when the parent is gone.
func Call(ctx context.Context) (context.Context, func()) {
	inFlight.Add(1)
	ctx, cancel := context.WithCancel(ctx)
	stop := context.AfterFunc(orphaned, cancel)
	return ctx, func() {
		stop()
		cancel()
		inFlight.Add(-1)
	}
}

// InFlight is the number of calls in flight.
func InFlight() int { return int(inFlight.Load()) }

// Watch checks every interval whether the process's parent is still the
// one that started it (a process whose parent dies is given another); when
// it is not, it cancels every call, waits until none is in flight and calls
// exit. It returns at once; exit is called from its own goroutine.
func Watch(interval time.Duration, exit func()) {
	parent := os.Getppid()
	go func() {
		t := time.NewTicker(interval)
		defer t.Stop()
		for range t.C {
			if os.Getppid() != parent {
				break
			}
		}
		orphan()
		for InFlight() > 0 {
			time.Sleep(50 * time.Millisecond)
		}
		exit()
	}()
}
