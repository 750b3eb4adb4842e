// Package servertest runs the real server against a fresh PostgreSQL database for tests, and
// checks every response a test receives against openapi.yaml.
package servertest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/server"
)

// AdminURL is the server tests create their databases on: TEST_DATABASE_URL, else DATABASE_URL,
// else the local PostgreSQL on 127.0.0.1:5432.
func AdminURL() string {
	for _, name := range []string{"TEST_DATABASE_URL", "DATABASE_URL"} {
		if v := os.Getenv(name); v != "" {
			return v
		}
	}
	return "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
}

// CreateDatabase makes an empty database named after prefix and returns its URL and a function
// that drops it.
func CreateDatabase(ctx context.Context, prefix string) (string, func(), error) {
	admin := AdminURL()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return "", nil, fmt.Errorf("servertest: connect to %s: %w", redact(admin), err)
	}
	defer func() { _ = conn.Close(ctx) }() // an admin session that only creates the database
	suffix := make([]byte, 4)
	_, _ = rand.Read(suffix)
	name := strings.ToLower(fmt.Sprintf("test_%s_%s", prefix, hex.EncodeToString(suffix)))
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		return "", nil, fmt.Errorf("servertest: create database: %w", err)
	}
	u, err := url.Parse(admin)
	if err != nil {
		return "", nil, err
	}
	u.Path = "/" + name
	drop := func() {
		ctx := context.Background()
		c, err := pgx.Connect(ctx, admin)
		if err != nil {
			return
		}
		defer func() { _ = c.Close(ctx) }() // best effort, like the drop itself
		_, _ = c.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)")
	}
	return u.String(), drop, nil
}

func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparsable URL)"
	}
	return u.Redacted()
}

// MainWithPool runs a package's tests against a fresh, migrated database without a server: *pool
// is open while they run, with the URL parameters in params (for example pool_max_conns), and the
// database is dropped afterwards. Call it from TestMain.
func MainWithPool(m *testing.M, prefix string, params url.Values, pool **pgxpool.Pool) {
	ctx := context.Background()
	dbURL, drop, err := CreateDatabase(ctx, prefix)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := func() int {
		u, err := url.Parse(dbURL)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		q := u.Query()
		for k, v := range params {
			q[k] = v
		}
		u.RawQuery = q.Encode()
		if *pool, err = server.OpenPool(ctx, u.String()); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer (*pool).Close()
		if err := server.Migrate(*pool); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		return m.Run()
	}()
	drop()
	os.Exit(code)
}
