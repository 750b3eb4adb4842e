package conversions

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/dbtx"
)

// Group commit: the orders that arrive while a transaction is running are stored together in the
// next one, so they share its commit (one WAL flush) instead of waiting for one each. Every order
// is answered only once the transaction that stored it has committed; a repeat of a stored order is
// answered at once. Each order is stored under a savepoint of its own, so one that fails (a refused
// order, a constraint) is rolled back alone and the others of its group are stored.

// GroupOptions size the groups of orders stored in one transaction.
type GroupOptions struct {
	// Size is the most orders in one transaction (default 48, at most 64: each order's savepoint
	// that writes takes a subtransaction id, and PostgreSQL keeps 64 per transaction in memory; past
	// that every other session's snapshot has to look them up on disk).
	Size int
	// Wait is how long a committer waits for more orders when fewer than Size are queued (default
	// 0: it takes what is queued; the orders that arrive while it runs make the next group).
	Wait time.Duration
	// Committers is how many groups are stored at once, each in its own transaction and on one of
	// the pool's connections (default one per 2 of GOMAXPROCS, at least 2: a group's statements
	// wait on their round trips one after the other, so on 16 cores 2 committers stored a third of
	// what 8 did, docs/benchmarks.md).
	Committers int
}

// maxGroupSize keeps a group's subtransactions within what PostgreSQL caches per transaction.
const maxGroupSize = 64

func (o GroupOptions) withDefaults() GroupOptions {
	if o.Size <= 0 {
		o.Size = 48
	}
	o.Size = min(o.Size, maxGroupSize)
	o.Wait = max(o.Wait, 0)
	if o.Committers <= 0 {
		o.Committers = committersFor(runtime.GOMAXPROCS(0))
	}
	return o
}

// committersFor is the default number of committers on procs cores: one per 2, at least 2.
func committersFor(procs int) int { return max(2, procs/2) }

// SetGroups sets how orders are grouped; call it before the first order (at start-up).
func (s *Service) SetGroups(o GroupOptions) {
	s.group.mu.Lock()
	s.group.opts = o.withDefaults()
	s.group.mu.Unlock()
}

// groupTimeout bounds one group's transaction: its orders are answered with an error after it.
const groupTimeout = 30 * time.Second

// retriesOnDeadlock: an order whose locks deadlocked with another group's is stored again in a
// later group, this many times at most.
const retriesOnDeadlock = 5

// orderKey is a brand's order id: the orders a group holds are distinct by it.
type orderKey struct {
	brand uuid.UUID
	order string
}

// orderLocks name the rows besides its own that an order's record locks: its discount code's
// (lower case) and its subscription's.
type orderLocks struct{ code, subscription string }

// byLocks orders a group's orders by the rows they lock, so two groups at once take them in the
// same order.
func byLocks(a, b *pendingOrder) int {
	return cmp.Or(cmp.Compare(a.locks.code, b.locks.code), cmp.Compare(a.locks.subscription, b.locks.subscription),
		cmp.Compare(a.key.order, b.key.order))
}

// pendingOrder is an order waiting for its group, and then its answer.
type pendingOrder struct {
	key     orderKey
	locks   orderLocks
	record  func(queries.DBTX) (Conversion, bool, error)
	retries int

	done     chan struct{} // closed once answered
	answered bool
	c        Conversion
	created  bool
	err      error
}

// groups is the queue of orders waiting for a committer, and the orders in flight by key.
type groups struct {
	opts       GroupOptions
	mu         sync.Mutex
	queue      []*pendingOrder
	inFlight   map[orderKey]*pendingOrder
	committers int
	// beforeCommit, when set (tests), runs before each group's commit; an error fails the group.
	beforeCommit func(context.Context) error
}

// storeOrder stores a new order with record in the next group's transaction, which then applies
// the refunds and cancellations kept for it (they arrived first; see takeEarlyRefunds), and answers
// once that transaction has committed. A copy of an order already in flight waits for that one and
// answers what it stored; if that one failed, the copy is stored on its own.
func (s *Service) storeOrder(ctx context.Context, brandID uuid.UUID, orderID string, locks orderLocks, record func(queries.DBTX) (Conversion, bool, error)) (Conversion, bool, error) {
	key := orderKey{brand: brandID, order: orderID}
	for {
		s.group.mu.Lock()
		if first, ok := s.group.inFlight[key]; ok {
			s.group.mu.Unlock()
			select {
			case <-first.done:
			case <-ctx.Done():
				return Conversion{}, false, ctx.Err()
			}
			if first.err == nil {
				return first.c, false, nil
			}
			continue
		}
		p := &pendingOrder{key: key, locks: locks, record: record, done: make(chan struct{})}
		s.group.inFlight[key] = p
		s.group.queue = append(s.group.queue, p)
		s.startCommitter()
		s.group.mu.Unlock()
		select {
		case <-p.done:
			return p.c, p.created, p.err
		case <-ctx.Done():
			// The order may still be stored: the caller is gone, and a retry answers what was.
			return Conversion{}, false, ctx.Err()
		}
	}
}

// startCommitter starts one more committer while orders wait and fewer than allowed run; each
// runs groups until the queue is empty. Call it with the lock held.
func (s *Service) startCommitter() {
	if len(s.group.queue) == 0 || s.group.committers >= s.group.opts.Committers {
		return
	}
	s.group.committers++
	go s.commitGroups()
}

func (s *Service) commitGroups() {
	for {
		group := s.nextGroup()
		if group == nil {
			return
		}
		s.commitGroup(group)
	}
}

// nextGroup takes the next group from the queue, or nil (and the committer ends) when it is empty.
func (s *Service) nextGroup() []*pendingOrder {
	s.group.mu.Lock()
	defer s.group.mu.Unlock()
	if wait := s.group.opts.Wait; wait > 0 && len(s.group.queue) > 0 && len(s.group.queue) < s.group.opts.Size {
		s.group.mu.Unlock()
		time.Sleep(wait)
		s.group.mu.Lock()
	}
	if len(s.group.queue) == 0 {
		s.group.committers--
		return nil
	}
	n := min(len(s.group.queue), s.group.opts.Size)
	group := slices.Clone(s.group.queue[:n])
	s.group.queue = slices.Delete(s.group.queue, 0, n)
	return group
}

// answer gives an order its answer and lets its copies go on.
func (s *Service) answer(p *pendingOrder, c Conversion, created bool, err error) {
	if p.answered {
		return
	}
	p.answered, p.c, p.created, p.err = true, c, created, err
	s.group.mu.Lock()
	if s.group.inFlight[p.key] == p {
		delete(s.group.inFlight, p.key)
	}
	s.group.mu.Unlock()
	close(p.done)
}

// requeue puts orders whose locks deadlocked with another group's at the front of the queue.
func (s *Service) requeue(again []*pendingOrder) {
	if len(again) == 0 {
		return
	}
	s.group.mu.Lock()
	s.group.queue = append(again, s.group.queue...)
	s.startCommitter()
	s.group.mu.Unlock()
}

// commitGroup stores a group in one transaction: the repeats are answered from one read, then
// each new order is stored under its own savepoint, in the order of the rows it locks (so two
// groups at once take a discount code's or a subscription's lock in the same order), and once the
// transaction has committed each stored order is answered. A failed commit answers each of them
// with the error: nothing of the group was stored, and a retry stores it.
func (s *Service) commitGroup(group []*pendingOrder) {
	ctx, cancel := context.WithTimeout(context.Background(), groupTimeout)
	defer cancel()
	var again []*pendingOrder
	err := dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		fresh, err := s.answerRepeats(ctx, tx, group)
		if err != nil {
			return err
		}
		slices.SortStableFunc(fresh, byLocks)
		if again, err = s.storeOneByOne(ctx, tx, fresh); err != nil {
			return err
		}
		s.group.mu.Lock()
		hook := s.group.beforeCommit
		s.group.mu.Unlock()
		if hook != nil {
			return hook(ctx)
		}
		return nil
	})
	for _, p := range group {
		if err != nil {
			s.answer(p, Conversion{}, false, err)
			continue
		}
		if !slices.Contains(again, p) {
			s.answer(p, p.c, p.created, nil)
		}
	}
	if err == nil {
		s.requeue(again)
	}
}

// storeOneByOne stores a group's new orders one after the other, each under its own savepoint:
// an order that fails is rolled back and answered alone, one that lost a deadlock is returned to
// be queued again.
func (s *Service) storeOneByOne(ctx context.Context, tx pgx.Tx, fresh []*pendingOrder) (again []*pendingOrder, err error) {
	// Each order's savepoint (and the release of the one before) goes with its first statement.
	db := groupDB{tx: tx, ctx: ctx, pending: new([]queuedStatement), endpoints: map[uuid.UUID][]uuid.UUID{}}
	for i, p := range fresh {
		if i > 0 {
			db.later("RELEASE SAVEPOINT grouped_order")
		}
		db.later("SAVEPOINT grouped_order")
		c, created, err := s.storeOne(ctx, db, p)
		if err == nil {
			p.c, p.created = c, created
			continue
		}
		if err := db.flush(); err != nil {
			return nil, err
		}
		if _, rerr := tx.Exec(ctx, "ROLLBACK TO SAVEPOINT grouped_order"); rerr != nil {
			return nil, rerr
		}
		if retryable(err) && p.retries < retriesOnDeadlock {
			p.retries++
			again = append(again, p)
			continue
		}
		s.answer(p, Conversion{}, false, orderError(err))
	}
	return again, db.flush()
}

// answerRepeats answers the orders of the group already stored (by an earlier group, or by another
// server), found by one read of their keys, and returns the others.
func (s *Service) answerRepeats(ctx context.Context, tx pgx.Tx, group []*pendingOrder) ([]*pendingOrder, error) {
	group = slices.DeleteFunc(slices.Clone(group), func(p *pendingOrder) bool { return p.answered })
	brands := make([]uuid.UUID, 0, 1)
	orders := make([]string, len(group))
	for i, p := range group {
		orders[i] = p.key.order
		if !slices.Contains(brands, p.key.brand) {
			brands = append(brands, p.key.brand)
		}
	}
	rows, err := s.q.GetConversionsByOrders(ctx, tx, queries.GetConversionsByOrdersParams{BrandIds: brands, OrderIds: orders})
	if err != nil {
		return nil, err
	}
	stored := make(map[orderKey]bool, len(rows))
	for _, r := range rows {
		stored[orderKey{brand: r.BrandID, order: r.OrderID}] = true
	}
	fresh := make([]*pendingOrder, 0, len(group))
	for _, p := range group {
		if !stored[p.key] {
			fresh = append(fresh, p)
			continue
		}
		c, found, err := s.byOrder(ctx, tx, p.key.brand, p.key.order)
		if err != nil {
			return nil, err
		}
		if !found {
			// Deleted since the read above: stored again as a new order.
			fresh = append(fresh, p)
			continue
		}
		// Stored and committed before this transaction began: nothing waits on this one.
		s.answer(p, c, false, nil)
	}
	return fresh, nil
}

// storeOne stores one order of a group with its record, then takes the refunds kept for it. A
// panic of the record is that order's error (answered 500), as the request's own would have been.
func (s *Service) storeOne(ctx context.Context, db groupDB, p *pendingOrder) (c Conversion, created bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			slog.ErrorContext(ctx, "storing an order panicked", "order_id", p.key.order, "panic", r, "stack", string(debug.Stack()))
			err = fmt.Errorf("storing order %q panicked: %v", p.key.order, r)
		}
	}()
	c, created, err = p.record(db)
	if err != nil || !created {
		return c, created, err
	}
	c, err = s.takeEarlyRefunds(ctx, db, p.key, c)
	return c, true, err
}

// takeEarlyRefunds applies to a just-stored order the refunds and cancellations kept for it (they
// arrived before it). The order id is held from here to the commit, as Refund holds it, so a
// refund racing the order is either kept before the read or finds the order stored.
// The lock goes in one round trip with the read: PostgreSQL runs them one after the other, and the
// read's snapshot is taken once the lock is held.
func (s *Service) takeEarlyRefunds(ctx context.Context, db groupDB, key orderKey, c Conversion) (Conversion, error) {
	if err := s.q.LockOrderID(ctx, db, queries.LockOrderIDParams{BrandID: key.brand, OrderID: key.order}); err != nil {
		return Conversion{}, err
	}
	early, err := s.q.TakeEarlyRefunds(ctx, db, queries.TakeEarlyRefundsParams{BrandID: key.brand, OrderID: key.order})
	if err != nil || len(early) == 0 {
		return c, err
	}
	for _, e := range early {
		row, err := s.q.LockConversionByOrder(ctx, db, queries.LockConversionByOrderParams{BrandID: key.brand, OrderID: key.order})
		if err != nil {
			return Conversion{}, err
		}
		if _, err := s.applyRefund(ctx, db.tx, row, RefundArgs{
			OrderID: key.order, Amount: e.Amount, Cancelled: e.Cancelled, Key: e.WebhookID, Source: e.Source,
		}); err != nil {
			return Conversion{}, err
		}
	}
	c, _, err = s.byOrder(ctx, db, key.brand, key.order)
	return c, err
}

// groupDB runs a record's statements in its group's transaction, under the group's deadline
// rather than its request's: one caller that leaves must not cancel the others' transaction. The
// statements queued with later (a savepoint, a lock) go with the next statement, in one round trip.
type groupDB struct {
	tx      pgx.Tx
	ctx     context.Context
	pending *[]queuedStatement
	// endpoints are the brands' endpoints subscribed to conversion.created, read once per group
	// (by its first order of the brand), in its transaction.
	endpoints map[uuid.UUID][]uuid.UUID
}

type queuedStatement struct {
	sql  string
	args []any
}

// later queues a statement whose answer nobody reads: it is sent with the next one, and its error
// is that statement's.
func (d groupDB) later(sql string, args ...any) {
	*d.pending = append(*d.pending, queuedStatement{sql: sql, args: args})
}

// flush sends the queued statements, if any.
func (d groupDB) flush() error {
	if len(*d.pending) == 0 {
		return nil
	}
	b := d.batch()
	return d.tx.SendBatch(d.ctx, b).Close()
}

// batch takes the queued statements into a batch.
func (d groupDB) batch() *pgx.Batch {
	b := &pgx.Batch{}
	for _, q := range *d.pending {
		b.Queue(q.sql, q.args...)
	}
	*d.pending = (*d.pending)[:0]
	return b
}

// send sends the queued statements and then sql in one round trip, and reads the queued ones' answers.
func (d groupDB) send(sql string, args []any) (pgx.BatchResults, error) {
	b := d.batch()
	queued := b.Len()
	b.Queue(sql, args...)
	br := d.tx.SendBatch(d.ctx, b)
	for range queued {
		if _, err := br.Exec(); err != nil {
			_ = br.Close()
			return nil, err
		}
	}
	return br, nil
}

// Exec queues the statement: a record's Exec (the activity log, a subscription's count) is sent
// with its next statement or with the read of the refunds kept for the order, and fails the order
// with its own error there. So it answers no count of rows: a statement whose count matters is a
// query (RETURNING).
func (d groupDB) Exec(_ context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	d.later(sql, args...)
	return pgconn.CommandTag{}, nil
}

func (d groupDB) Query(_ context.Context, sql string, args ...any) (pgx.Rows, error) {
	if len(*d.pending) == 0 {
		return d.tx.Query(d.ctx, sql, args...)
	}
	br, err := d.send(sql, args)
	if err != nil {
		return nil, err
	}
	rows, err := br.Query()
	if err != nil {
		_ = br.Close()
		return nil, err
	}
	return &batchRows{Rows: rows, br: br}, nil
}

func (d groupDB) QueryRow(_ context.Context, sql string, args ...any) pgx.Row {
	if len(*d.pending) == 0 {
		return d.tx.QueryRow(d.ctx, sql, args...)
	}
	br, err := d.send(sql, args)
	if err != nil {
		return errRow{err}
	}
	return batchRow{br}
}

// CopyFrom sends the queued statements, then copies (a record may bulk-insert its rows).
func (d groupDB) CopyFrom(_ context.Context, table pgx.Identifier, columns []string, rows pgx.CopyFromSource) (int64, error) {
	if err := d.flush(); err != nil {
		return 0, err
	}
	return d.tx.CopyFrom(d.ctx, table, columns, rows)
}

// batchRow is the row of a statement sent after queued ones: reading it ends the batch.
type batchRow struct{ br pgx.BatchResults }

func (r batchRow) Scan(dest ...any) error {
	err := r.br.QueryRow().Scan(dest...)
	if cerr := r.br.Close(); err == nil {
		err = cerr
	}
	return err
}

type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }

// batchRows are the rows of a statement sent after queued ones: the batch ends with them.
type batchRows struct {
	pgx.Rows
	br     pgx.BatchResults
	done   bool
	closed error
}

func (r *batchRows) Next() bool {
	if r.Rows.Next() {
		return true
	}
	r.Close()
	return false
}

func (r *batchRows) Close() {
	r.Rows.Close()
	if !r.done {
		r.done, r.closed = true, r.br.Close()
	}
}

func (r *batchRows) Err() error {
	if err := r.Rows.Err(); err != nil {
		return err
	}
	return r.closed
}

// retryable: the order's statement lost a deadlock or a serialization conflict with another
// transaction (dbtx.Retryable), or waited past its lock timeout; stored again, it succeeds.
func retryable(err error) bool {
	var pg *pgconn.PgError
	return dbtx.Retryable(err) || errors.As(err, &pg) && pg.Code == "55P03"
}

var (
	// namedInMessage finds the relation and the constraint in a constraint violation's message.
	namedInMessage = regexp.MustCompile(`(?:relation|table) "([^"]+)" violates [a-z ]*constraint "([^"]+)"`)
	// shardSuffix is the number Citus appends to a shard's name.
	shardSuffix = regexp.MustCompile(`_[0-9]+$`)
)

// orderError is what an order that PostgreSQL refused answers: a data or constraint error is the
// order's (400 naming the field, or 409 for a row that changed meanwhile), never the server's.
func orderError(err error) error {
	var pg *pgconn.PgError
	if !errors.As(err, &pg) {
		return err
	}
	field := pg.ColumnName
	if field == "" {
		constraint, table := pg.ConstraintName, pg.TableName
		if constraint == "" {
			// Citus relays a worker's error by its message alone, the table named by its shard
			// (conversions_102055).
			if m := namedInMessage.FindStringSubmatch(pg.Message); m != nil {
				table, constraint = shardSuffix.ReplaceAllString(m[1], ""), shardSuffix.ReplaceAllString(m[2], "")
			}
		}
		field = strings.TrimPrefix(constraint, table+"_")
		for _, suffix := range []string{"_check", "_fkey", "_key"} {
			field = strings.TrimSuffix(field, suffix)
		}
	}
	if field == "" || field == "check" {
		field = "order"
	}
	switch {
	case pg.Code == "23503", pg.Code == "23505":
		return apierror.Conflict(field, "What the order refers to changed while it was stored; send it again")
	case strings.HasPrefix(pg.Code, "22"), strings.HasPrefix(pg.Code, "23"):
		return apierror.Invalid(field, "stored", "The order cannot be stored as sent: "+field+" breaks a rule of the stored data")
	}
	return err
}
