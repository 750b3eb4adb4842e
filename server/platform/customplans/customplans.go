// Package customplans runs sqlc's queries as unnamed statements, so PostgreSQL plans each with its
// actual arguments. A statement prepared once per connection gets a generic plan after five runs
// when that plan looks no dearer; for queries narrowed by optional arguments (`$1 IS NULL OR …`)
// it takes one path for the host, a brand and an affiliate alike, and guesses one row where there
// are many (a payouts page over 500 thousand rows: 0.4 s planned for its arguments, 9 s generic).
package customplans

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/openaffiliate/platform/server/platform/dbtx"
)

// DB is a pool or a transaction whose queries are planned for their arguments.
type DB struct{ db dbtx.DB }

// Of wraps a pool or a transaction.
func Of(db dbtx.DB) DB { return DB{db} }

// Exec runs a statement planned for its arguments.
func (c DB) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return c.db.Exec(ctx, sql, append([]any{pgx.QueryExecModeExec}, args...)...)
}

// Query runs a query planned for its arguments.
func (c DB) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return c.db.Query(ctx, sql, append([]any{pgx.QueryExecModeExec}, args...)...)
}

// QueryRow runs a one-row query planned for its arguments.
func (c DB) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return c.db.QueryRow(ctx, sql, append([]any{pgx.QueryExecModeExec}, args...)...)
}
