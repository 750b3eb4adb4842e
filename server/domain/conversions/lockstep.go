package conversions

import (
	"context"
	"errors"
	"slices"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/openaffiliate/platform/gen/queries"
)

// Lock step: the new orders of a group run their records at once, each in its own goroutine, and
// their statements go to PostgreSQL together: every order's first statement in one pipelined
// batch, then every order's second, and so on. A group then costs a few round trips whatever its
// size, instead of a few per order. The statements of a batch run one after the other in the
// group's transaction, in the group's order (byLocks), as they would one order after the other;
// orders that lock the same discount code or subscription go in separate steps (waves), so each
// reads the code's usage and the subscription's payments after the one before has counted its own.
// There are no savepoints in lock step: if any order fails, or finds refunds kept for it (whose
// application needs the connection to itself), the transaction is rolled back and the group is
// stored one order at a time under savepoints instead (commitGroup).

// errNotInSteps asks for the group to be stored one order at a time.
var errNotInSteps = errors.New("conversions: the group is stored one order at a time")

// waves splits a group's orders (sorted by byLocks) so that no two orders of a wave lock the same
// discount code or subscription; each wave keeps the group's order.
func waves(orders []*pendingOrder) [][]*pendingOrder {
	var out [][]*pendingOrder
	var taken []map[string]bool
	for _, p := range orders {
		keys := make([]string, 0, 2)
		if p.locks.code != "" {
			keys = append(keys, "code "+p.locks.code)
		}
		if p.locks.subscription != "" {
			keys = append(keys, "subscription "+p.locks.subscription)
		}
		i := slices.IndexFunc(taken, func(t map[string]bool) bool {
			return !slices.ContainsFunc(keys, func(k string) bool { return t[k] })
		})
		if i < 0 {
			out, taken = append(out, nil), append(taken, map[string]bool{})
			i = len(out) - 1
		}
		out[i] = append(out[i], p)
		for _, k := range keys {
			taken[i][k] = true
		}
	}
	return out
}

// storeInSteps stores the orders wave after wave in lock step and returns them stored (their
// answers set), or errNotInSteps (or the transaction's error) when the group must be stored one
// order at a time.
func (s *Service) storeInSteps(ctx context.Context, tx pgx.Tx, orders []*pendingOrder) error {
	for _, wave := range waves(orders) {
		if err := s.stepWave(ctx, tx, wave); err != nil {
			return err
		}
	}
	return nil
}

// stepRequest is one order's next statement, with its queued ones (stepDB.Exec) before it.
type stepRequest struct {
	order     int
	stmts     []queuedStatement
	results   chan pgx.BatchResults // the batch, at this request's last statement
	consumed  chan struct{}         // the order has read its statement's result
	failQueue bool                  // set by the coordinator: a queued statement failed
}

type stepDone struct {
	order int
	err   error
}

// stepWave runs one wave's records in lock step.
func (s *Service) stepWave(ctx context.Context, tx pgx.Tx, wave []*pendingOrder) error {
	requests := make(chan *stepRequest, len(wave))
	done := make(chan stepDone, len(wave))
	for i, p := range wave {
		db := &stepDB{tx: tx, order: i, requests: requests}
		go func() {
			c, created, err := s.storeOne(ctx, db, p)
			if db.holding != nil {
				db.holding() // it panicked while reading its result: the next order's turn
			}
			if err == nil && len(db.pending) > 0 {
				err = errNotInSteps // a statement queued and never sent: not expected, but never lost
			}
			if err == nil {
				p.c, p.created = c, created
			}
			done <- stepDone{order: i, err: err}
		}()
	}
	var failed error
	for live := len(wave); live > 0; {
		// Every order still running sends its next statement or ends.
		var batch []*stepRequest
		for waiting := live; waiting > 0; waiting-- {
			select {
			case r := <-requests:
				batch = append(batch, r)
			case d := <-done:
				live--
				if d.err != nil && failed == nil {
					failed = d.err
				}
			}
		}
		if len(batch) == 0 {
			break
		}
		slices.SortFunc(batch, func(a, b *stepRequest) int { return a.order - b.order })
		b := &pgx.Batch{}
		for _, r := range batch {
			for _, q := range r.stmts {
				b.Queue(q.sql, q.args...)
			}
		}
		br := tx.SendBatch(ctx, b)
		for _, r := range batch {
			for range r.stmts[:len(r.stmts)-1] {
				if _, err := br.Exec(); err != nil {
					r.failQueue = true
					if failed == nil {
						failed = err
					}
				}
			}
			r.results <- br
			<-r.consumed
		}
		if err := br.Close(); err != nil && failed == nil {
			failed = err
		}
	}
	if failed != nil {
		return errors.Join(errNotInSteps, failed)
	}
	return nil
}

// stepDB is one order's connection in lock step: each statement waits for the wave's next batch.
type stepDB struct {
	tx       pgx.Tx
	order    int
	requests chan *stepRequest
	pending  []queuedStatement
	holding  func() // hands the batch on; set while the order reads its result
}

func (d *stepDB) inSteps() bool { return true }

func (d *stepDB) groupTx() pgx.Tx { return d.tx }

// send sends the statement (after the queued ones) with the wave's next batch, and returns the
// batch at its result once it has come; done must be called once the result is read.
func (d *stepDB) send(sql string, args []any) (pgx.BatchResults, func(), error) {
	r := &stepRequest{order: d.order, stmts: append(d.pending, queuedStatement{sql: sql, args: args}),
		results: make(chan pgx.BatchResults, 1), consumed: make(chan struct{})}
	d.pending = nil
	d.requests <- r
	br := <-r.results
	done := func() {
		d.holding = nil
		close(r.consumed)
	}
	d.holding = done
	if r.failQueue {
		// The transaction is aborted: read the statement's error past it.
		_, err := br.Exec()
		done()
		return nil, nil, errors.Join(errNotInSteps, err)
	}
	return br, done, nil
}

// Exec queues the statement, as groupDB.Exec does: it goes with the order's next one.
func (d *stepDB) Exec(_ context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	d.pending = append(d.pending, queuedStatement{sql: sql, args: args})
	return pgconn.CommandTag{}, nil
}

func (d *stepDB) Query(_ context.Context, sql string, args ...any) (pgx.Rows, error) {
	br, done, err := d.send(sql, args)
	if err != nil {
		return nil, err
	}
	rows, err := br.Query()
	if err != nil {
		done()
		return nil, err
	}
	return &stepRows{Rows: rows, done: done}, nil
}

func (d *stepDB) QueryRow(_ context.Context, sql string, args ...any) pgx.Row {
	br, done, err := d.send(sql, args)
	if err != nil {
		return errRow{err}
	}
	return stepRow{br: br, done: done}
}

type stepRow struct {
	br   pgx.BatchResults
	done func()
}

func (r stepRow) Scan(dest ...any) error {
	defer r.done()
	return r.br.QueryRow().Scan(dest...)
}

// stepRows hand the batch on to the next order once read.
type stepRows struct {
	pgx.Rows
	done   func()
	closed bool
}

func (r *stepRows) Next() bool {
	if r.Rows.Next() {
		return true
	}
	r.Close()
	return false
}

func (r *stepRows) Close() {
	r.Rows.Close()
	if !r.closed {
		r.closed = true
		r.done()
	}
}

// orderDB is where a group's order is stored: one order at a time (groupDB) or in lock step.
type orderDB interface {
	queries.DBTX
	// inSteps: in lock step, where the kept refunds (applied on the transaction itself) cannot be.
	inSteps() bool
	groupTx() pgx.Tx
}
