package emulator

import (
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"
)

// orderReceiver records the Status of every callback it accepts, per
// MessageUUID, in arrival order. It sleeps a random moment before answering
// a queued callback, which is what lets a later callback overtake it when
// callbacks of one object are not delivered in order; and it refuses the
// first failQueued tries of each queued callback with 500.
type orderReceiver struct {
	mu         sync.Mutex
	rng        *rand.Rand
	failQueued int
	tries      map[string]int
	got        map[string][]string
	at         map[string][]time.Time
	clock      *Clock
}

func newOrderReceiver(seed uint64, failQueued int) *orderReceiver {
	return &orderReceiver{rng: rand.New(rand.NewPCG(seed, seed)), failQueued: failQueued,
		tries: map[string]int{}, got: map[string][]string{}, at: map[string][]time.Time{}}
}

func (o *orderReceiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	id, status := r.Form.Get("MessageUUID"), r.Form.Get("Status")
	o.mu.Lock()
	sleep := time.Duration(o.rng.IntN(2000)) * time.Microsecond
	o.tries[id+status]++
	refuse := status == MessageQueued && o.tries[id+status] <= o.failQueued
	o.mu.Unlock()
	if status == MessageQueued {
		time.Sleep(sleep)
	}
	if refuse {
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	o.mu.Lock()
	o.got[id] = append(o.got[id], status)
	o.at[id] = append(o.at[id], o.clock.Now())
	o.mu.Unlock()
}

// TestCallbackOrder_oneObjectInEventOrder repeats the race that used to
// deliver a failure decided at send time (340) before the queued callback,
// 100 times: every message's callbacks must arrive in the order of its
// events, whatever the receiver's timing.
func TestCallbackOrder_oneObjectInEventOrder(t *testing.T) {
	e := newMsgEnv(t)
	rc := newOrderReceiver(1, 0)
	rc.clock = e.s.Clock()
	hook := httptest.NewServer(rc)
	t.Cleanup(hook.Close)
	var failed, delivered []string
	for range 100 {
		// Freeform chat-app text with no open conversation fails with 340
		// at once, for each of two destinations (two objects).
		_, errText, ids := e.send(t, map[string]any{"src": starterSrc, "dst": "447700900123<447700900124", "type": "chatapp", "text": "hi", "url": hook.URL})
		if len(ids) != 2 {
			t.Fatalf("chatapp send: %s", errText)
		}
		failed = append(failed, ids...)
		_, errText, ids = e.send(t, map[string]any{"src": starterSrc, "dst": "447700900125", "text": "hello", "url": hook.URL})
		if len(ids) != 1 {
			t.Fatalf("sms send: %s", errText)
		}
		delivered = append(delivered, ids...)
		e.s.Settle()
	}
	e.s.Clock().Advance(5 * time.Second)
	rc.mu.Lock()
	defer rc.mu.Unlock()
	for _, id := range failed {
		if want := []string{MessageQueued, MessageFailed}; !slices.Equal(rc.got[id], want) {
			t.Errorf("message %s: callbacks %v, want %v", id, rc.got[id], want)
		}
	}
	for _, id := range delivered {
		if want := []string{MessageQueued, MessageSent, MessageDelivered}; !slices.Equal(rc.got[id], want) {
			t.Errorf("message %s: callbacks %v, want %v", id, rc.got[id], want)
		}
	}
}

// TestCallbackOrder_retriesHoldLaterEventsOfTheSameObjectOnly: a queued
// callback refused twice is retried 60 and then 120 seconds later, the
// message's later callbacks wait for it, and another message's callbacks
// do not.
func TestCallbackOrder_retriesHoldLaterEventsOfTheSameObjectOnly(t *testing.T) {
	e := newMsgEnv(t)
	rc := newOrderReceiver(2, 2)
	rc.clock = e.s.Clock()
	hook := httptest.NewServer(rc)
	t.Cleanup(hook.Close)
	_, _, slow := e.send(t, map[string]any{"src": starterSrc, "dst": "447700900123", "type": "chatapp", "text": "hi", "url": hook.URL})
	if len(slow) != 1 {
		t.Fatal("send failed")
	}
	e.s.Settle()
	for range 200 {
		e.s.Clock().Advance(time.Second)
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	id := slow[0]
	if want := []string{MessageQueued, MessageFailed}; !slices.Equal(rc.got[id], want) {
		t.Fatalf("callbacks %v, want %v", rc.got[id], want)
	}
	// Accepted at the third try, 60 + 120 s after the first; the failed
	// callback only then.
	for i, want := range []time.Duration{180 * time.Second, 180 * time.Second} {
		if got := rc.at[id][i].Sub(msgTestStart); got != want {
			t.Errorf("callback %d (%s) at +%v, want +%v", i+1, rc.got[id][i], got, want)
		}
	}
	var tries []time.Duration
	for _, a := range e.s.Callbacks() {
		if a.Params.Get("MessageUUID") == id && a.Params.Get("Status") == MessageQueued {
			tries = append(tries, a.At.Sub(msgTestStart))
		}
	}
	if want := []time.Duration{0, 60 * time.Second, 180 * time.Second}; !slices.Equal(tries, want) {
		t.Errorf("queued callback tried at %v, want %v", tries, want)
	}
}

// TestCallbackOrder_otherObjectsAreNotHeld: while one message's callback
// waits for its retry, another message's callbacks go out on time.
func TestCallbackOrder_otherObjectsAreNotHeld(t *testing.T) {
	e := newMsgEnv(t)
	rc := newOrderReceiver(3, 1)
	rc.clock = e.s.Clock()
	hook := httptest.NewServer(rc)
	t.Cleanup(hook.Close)
	_, _, first := e.send(t, map[string]any{"src": starterSrc, "dst": "447700900123", "text": "one", "url": hook.URL})
	e.s.Settle()
	// The first message's queued callback was refused; its retry is due
	// at +60 s. A second message sent now is not held behind it.
	rc.mu.Lock()
	rc.failQueued = 0
	rc.mu.Unlock()
	_, _, second := e.send(t, map[string]any{"src": starterSrc, "dst": "447700900124", "text": "two", "url": hook.URL})
	for range 5 {
		e.s.Clock().Advance(time.Second)
	}
	rc.mu.Lock()
	gotFirst, gotSecond := slices.Clone(rc.got[first[0]]), slices.Clone(rc.got[second[0]])
	rc.mu.Unlock()
	if len(gotFirst) != 0 {
		t.Errorf("first message's callbacks before its retry: %v", gotFirst)
	}
	if want := []string{MessageQueued, MessageSent, MessageDelivered}; !slices.Equal(gotSecond, want) {
		t.Errorf("second message's callbacks %v, want %v", gotSecond, want)
	}
	e.s.Clock().Advance(time.Minute)
	// The retry's delivery, and the callbacks queued behind it, run on the
	// delivery goroutines: wait for them before reading what arrived.
	e.s.Settle()
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if want := []string{MessageQueued, MessageSent, MessageDelivered}; !slices.Equal(rc.got[first[0]], want) {
		t.Errorf("first message after its retry: %v, want %v", rc.got[first[0]], want)
	}
}
