// Package ordered runs a function over a stream of items on several goroutines, in
// batches, and hands the results back in the order the items came in. The command's
// matrix checks lines with it; any command that checks many lines (check over files,
// lint) can do the same: results come out exactly as a loop would give them.
package ordered

import (
	"runtime"
	"sync"
)

// batch is a run of consecutive items and, once done is closed, their results.
type batch[T, R any] struct {
	items   []T
	results []R
	done    chan struct{}
}

// Pool checks items on its workers. Add and Close must be called from one goroutine;
// emit is called on another, once per item, in the order of Add.
type Pool[T, R any] struct {
	size    int
	cur     []T
	work    chan *batch[T, R]
	pending chan *batch[T, R]
	wg      sync.WaitGroup
	emitted chan struct{} // closed when the emitter has stopped

	mu  sync.Mutex
	err error // emit's first error
}

// New starts workers goroutines (GOMAXPROCS when workers < 1), each with its own
// function from newWorker (so that a worker may hold state that is not safe for
// concurrent use, such as a uri.Parser), checking batches of size items. emit receives
// each item with its result in input order; batchDone, when not nil, is called on the
// same goroutine after each batch is emitted (the command flushes its buffered output
// there, so that a reader at the other end of a pipe sees each batch). The first error
// of either stops the emitting, and Add and Close return it.
func New[T, R any](workers, size int, newWorker func() func(T) R, emit func(T, R) error, batchDone func() error) *Pool[T, R] {
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	size = max(size, 1)
	p := &Pool[T, R]{
		size:    size,
		work:    make(chan *batch[T, R], workers),
		pending: make(chan *batch[T, R], 2*workers), // bounds the batches in flight
		emitted: make(chan struct{}),
	}
	for range workers {
		fn := newWorker()
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			for b := range p.work {
				b.results = make([]R, len(b.items))
				for i, it := range b.items {
					b.results[i] = fn(it)
				}
				close(b.done)
			}
		}()
	}
	go func() {
		defer close(p.emitted)
		for b := range p.pending {
			<-b.done
			if p.Err() != nil {
				continue // drain: the caller learns of the error from Add or Close
			}
			err := emitBatch(b, emit)
			if err == nil && batchDone != nil {
				err = batchDone()
			}
			if err != nil {
				p.mu.Lock()
				p.err = err
				p.mu.Unlock()
			}
		}
	}()
	return p
}

// emitBatch hands a batch's items and results to emit, stopping at its first error.
func emitBatch[T, R any](b *batch[T, R], emit func(T, R) error) error {
	for i, it := range b.items {
		if err := emit(it, b.results[i]); err != nil {
			return err
		}
	}
	return nil
}

// Err is emit's first error, if any.
func (p *Pool[T, R]) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}

// Add queues an item; it returns emit's first error, after which items are not checked.
func (p *Pool[T, R]) Add(it T) error {
	if err := p.Err(); err != nil {
		return err
	}
	p.cur = append(p.cur, it)
	if len(p.cur) >= p.size {
		p.send()
	}
	return nil
}

// Send hands the items queued so far to the workers as a batch, without waiting for a
// full one. The command calls it before a read that may block (a pipe, a terminal), so
// that the lines already read are checked and printed while the input is still coming.
func (p *Pool[T, R]) Send() { p.send() }

func (p *Pool[T, R]) send() {
	if len(p.cur) == 0 {
		return
	}
	b := &batch[T, R]{items: p.cur, done: make(chan struct{})}
	p.cur = make([]T, 0, p.size)
	p.pending <- b // in order, before any worker can finish it
	p.work <- b
}

// Close checks the items queued, waits until every result is emitted and stops the
// workers; it returns emit's first error. The pool is not used after.
func (p *Pool[T, R]) Close() error {
	p.send()
	close(p.work)
	close(p.pending)
	p.wg.Wait()
	<-p.emitted
	return p.Err()
}
