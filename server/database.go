package server

import (
	"context"
	"errors"
	"fmt"

	"github.com/golang-migrate/migrate/v4"
	migratepgx "github.com/golang-migrate/migrate/v4/database/pgx/v5"
	"github.com/golang-migrate/migrate/v4/source/iofs"
	pgxdecimal "github.com/jackc/pgx-shopspring-decimal"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/openaffiliate/platform/db"
	"github.com/openaffiliate/platform/server/platform/citus"
)

// OpenPool connects to PostgreSQL with numeric mapped to shopspring decimals.
func OpenPool(ctx context.Context, url string) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("parse DATABASE_URL: %w", err)
	}
	cfg.AfterConnect = func(_ context.Context, conn *pgx.Conn) error {
		pgxdecimal.Register(conn.TypeMap())
		return nil
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("connect to the database: %w", err)
	}
	return pool, nil
}

// Migrate applies the embedded migrations that have not run yet, then, on a Citus coordinator
// with workers, places every table that is not yet where it belongs on the cluster (citus.Distribute).
func Migrate(pool *pgxpool.Pool) error {
	if err := migrateWith(pool, (*migrate.Migrate).Up); err != nil {
		return err
	}
	_, err := citus.Distribute(context.Background(), pool)
	return err
}

// MigrateTo moves the schema up or down to the given version: tests of a down migration use it.
func MigrateTo(pool *pgxpool.Pool, version uint) error {
	return migrateWith(pool, func(m *migrate.Migrate) error { return m.Migrate(version) })
}

func migrateWith(pool *pgxpool.Pool, apply func(*migrate.Migrate) error) error {
	src, err := iofs.New(db.Migrations, "migrations")
	if err != nil {
		return err
	}
	conn := stdlib.OpenDBFromPool(pool)
	defer func() { _ = conn.Close() }() // a wrapper over the pool, which its owner closes
	driver, err := migratepgx.WithInstance(conn, &migratepgx.Config{})
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	m, err := migrate.NewWithInstance("iofs", src, "pgx5", driver)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	// Closing releases the connection the driver holds; without it pool.Close would wait forever.
	// Its errors are ignored: by then the migrations have run or failed, and that result is returned.
	defer func() { _, _ = m.Close() }()
	if err := apply(m); err != nil && !errors.Is(err, migrate.ErrNoChange) {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}
