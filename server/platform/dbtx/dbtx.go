// Package dbtx names what a statement runs on (a pool, a connection or a transaction), begins every
// transaction (running one again after a deadlock or a serialization failure) and turns a query's
// rows into our own types.
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

// Each turns a query's rows into domain values with the one converter of their type, passing the
// query's error on.
func Each[R, T any](rows []R, err error, of func(R) T) ([]T, error) {
	if err != nil {
		return nil, err
	}
	out := make([]T, len(rows))
	for i, r := range rows {
		out[i] = of(r)
	}
	return out, nil
}
