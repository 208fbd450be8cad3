package ordered

import (
	"errors"
	"strconv"
	"sync/atomic"
	"testing"
)

// TestOrder: results come back in input order, one per item, whatever the workers and
// batch size, and each worker's function is used by one goroutine at a time.
func TestOrder(t *testing.T) {
	for _, workers := range []int{0, 1, 3, 8} {
		t.Run("workers="+strconv.Itoa(workers), func(t *testing.T) {
			for _, size := range []int{1, 7, 100, 5000} {
				var got []string
				var inUse atomic.Int32
				newWorker := func() func(int) string {
					busy := false
					return func(i int) string {
						if busy {
							inUse.Add(1)
						}
						busy = true
						defer func() { busy = false }()
						return strconv.Itoa(i * i)
					}
				}
				p := New(workers, size, newWorker, func(i int, s string) error {
					if s != strconv.Itoa(i*i) {
						t.Errorf("item %d got result %s", i, s)
					}
					got = append(got, strconv.Itoa(i))
					return nil
				}, nil)
				const n = 10007
				for i := range n {
					if err := p.Add(i); err != nil {
						t.Fatal(err)
					}
				}
				if err := p.Close(); err != nil {
					t.Fatal(err)
				}
				if len(got) != n {
					t.Fatalf("workers %d size %d: %d results, want %d", workers, size, len(got), n)
				}
				for i, s := range got {
					if s != strconv.Itoa(i) {
						t.Fatalf("workers %d size %d: result %d is item %s", workers, size, i, s)
					}
				}
				if inUse.Load() != 0 {
					t.Errorf("a worker function ran on two goroutines at once")
				}
			}
		})
	}
}

// TestEmitError: emit's first error stops emitting and comes back from Add or Close.
func TestEmitError(t *testing.T) {
	stop := errors.New("stop")
	emitted := 0
	p := New(2, 3, func() func(int) int { return func(i int) int { return i } }, func(i, _ int) error {
		emitted++
		if i == 10 {
			return stop
		}
		return nil
	}, nil)
	var err error
	for i := 0; i < 1000 && err == nil; i++ {
		err = p.Add(i)
	}
	if cerr := p.Close(); !errors.Is(cerr, stop) || err != nil && !errors.Is(err, stop) {
		t.Errorf("Add returned %v, Close %v; want %v", err, cerr, stop)
	}
	if emitted != 11 {
		t.Errorf("emit called %d times, want 11 (up to the error)", emitted)
	}
}

// TestSendEmitsEarly: after Send, the items queued so far are emitted and batchDone is
// called without any further Add: a reader of the output sees them while the producer
// waits for more input.
func TestSendEmitsEarly(t *testing.T) {
	emitted := make(chan int, 10)
	done := make(chan struct{}, 10)
	p := New(2, 100, func() func(int) int { return func(i int) int { return i } }, func(i, _ int) error {
		emitted <- i
		return nil
	}, func() error {
		done <- struct{}{}
		return nil
	})
	for i := range 3 {
		if err := p.Add(i); err != nil {
			t.Fatal(err)
		}
	}
	p.Send()
	for want := range 3 {
		if got := <-emitted; got != want { // blocks (test timeout) if Send held them back
			t.Fatalf("emitted %d, want %d", got, want)
		}
	}
	<-done
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestBatchDoneError: an error from batchDone stops the pool like one from emit.
func TestBatchDoneError(t *testing.T) {
	stop := errors.New("stop")
	p := New(1, 2, func() func(int) int { return func(i int) int { return i } }, func(int, int) error { return nil }, func() error { return stop })
	for i := range 10 {
		p.Add(i)
	}
	if err := p.Close(); !errors.Is(err, stop) {
		t.Errorf("Close = %v, want %v", err, stop)
	}
}
