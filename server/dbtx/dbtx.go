// Package dbtx names what a statement runs on: a pool, a connection or a transaction.
package dbtx

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// DB runs statements on a pool, a connection or a transaction. It has gen/queries.DBTX's method
// set, so a DB passes straight to a query, while exported signatures name our type, not sqlc's.
type DB interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}
