package dbtx

import (
	"context"
	"errors"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Attempts bounds how often a transaction runs when a deadlock or a serialization failure ends it:
// the first run and three more.
const Attempts = 4

// backoff is the first wait before a transaction runs again; it doubles with each attempt and is
// drawn at random below that, so two transactions that deadlocked do not start again in step.
var backoff = 10 * time.Millisecond

// Beginner begins a transaction: a pool or a connection (or a transaction, for a savepoint).
type Beginner interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}

// TxBeginner begins a transaction with options: a pool or a connection.
type TxBeginner interface {
	BeginTx(ctx context.Context, opts pgx.TxOptions) (pgx.Tx, error)
}

// BeginFunc runs fn in a transaction on db, committed when fn answers nil, as pgx.BeginFunc does;
// when PostgreSQL rolled the transaction back for a deadlock or a serialization failure (on a Citus
// cluster, a distributed deadlock between two transactions writing the same reference rows), it
// runs fn again in a new transaction, at most Attempts times in all. fn may therefore run more than
// once: it sets what it captures instead of adding to it. Every transaction of the server begins
// here (TestTransactionsBeginInDbtx).
func BeginFunc(ctx context.Context, db Beginner, fn func(pgx.Tx) error) error {
	if _, nested := db.(pgx.Tx); nested {
		// A savepoint: its transaction is the one to run again.
		return pgx.BeginFunc(ctx, db, fn)
	}
	return retry(ctx, func() error { return pgx.BeginFunc(ctx, db, fn) })
}

// BeginTxFunc is BeginFunc with transaction options (isolation level, read only).
func BeginTxFunc(ctx context.Context, db TxBeginner, opts pgx.TxOptions, fn func(pgx.Tx) error) error {
	return retry(ctx, func() error { return pgx.BeginTxFunc(ctx, db, opts, fn) })
}

// Retryable answers whether err ended a transaction that may succeed when run again from the start:
// a deadlock (40P01) or a serialization failure (40001). PostgreSQL rolls such a transaction back
// whole, so nothing of it was stored.
func Retryable(err error) bool {
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) {
		return false
	}
	return pgErr.Code == "40P01" || pgErr.Code == "40001"
}

func retry(ctx context.Context, run func() error) error {
	for attempt := 1; ; attempt++ {
		err := run()
		if err == nil || attempt == Attempts || !Retryable(err) {
			return err
		}
		slog.InfoContext(ctx, "transaction run again after a deadlock or serialization failure", "attempt", attempt, "err", err)
		// A random wait below backoff·2^(attempt-1): 10, 20, 40 ms at most.
		wait := time.Duration(rand.Int64N(int64(backoff << (attempt - 1)))) //nolint:gosec // G404: a jitter, not a secret
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
	}
}
