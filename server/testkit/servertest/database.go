// Package servertest runs the real server against a fresh PostgreSQL database for tests, and
// checks every response a test receives against openapi.yaml.
package servertest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/server"
	"github.com/openaffiliate/platform/server/platform/citus"
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
// that drops it. On a Citus coordinator with workers the database is made on every node, with the
// citus extension and the same nodes, so the migrations distribute it (make test-citus).
func CreateDatabase(ctx context.Context, prefix string) (string, func(), error) {
	admin := AdminURL()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return "", nil, fmt.Errorf("servertest: connect to %s: %w", redact(admin), err)
	}
	defer func() { _ = conn.Close(ctx) }() // an admin session that only creates the database
	workers, err := citus.Workers(ctx, conn)
	if err != nil {
		return "", nil, err
	}
	suffix := make([]byte, 4)
	_, _ = rand.Read(suffix)
	name := strings.ToLower(fmt.Sprintf("test_%s_%s", prefix, hex.EncodeToString(suffix)))
	u, err := url.Parse(admin)
	if err != nil {
		return "", nil, err
	}
	nodes := []string{admin}
	for _, w := range workers {
		wu := *u
		wu.Host = w
		nodes = append(nodes, wu.String())
	}
	drop := func() {
		for _, node := range nodes {
			_ = execOn(context.Background(), node, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)") // best effort, like the drop before
		}
	}
	for _, node := range nodes {
		if err := execOn(ctx, node, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
			drop()
			return "", nil, fmt.Errorf("servertest: create database: %w", err)
		}
	}
	u.Path = "/" + name
	if len(workers) > 0 {
		// One database joins the cluster at a time: adding a node copies the role to the workers,
		// and two at once fail there with "tuple concurrently updated". The lock is the admin
		// database's, which every package's tests share; it goes with the admin session.
		if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock(7461204)`); err != nil {
			drop()
			return "", nil, err
		}
		if err := joinCluster(ctx, u, nodes, workers); err != nil {
			drop()
			return "", nil, err
		}
	}
	return u.String(), drop, nil
}

// joinCluster makes the new database u a coordinator of the same workers: the citus extension on
// every node's copy, then the nodes registered from the coordinator.
func joinCluster(ctx context.Context, u *url.URL, nodes, workers []string) error {
	for _, node := range nodes {
		nu, err := url.Parse(node)
		if err != nil {
			return err
		}
		nu.Path = u.Path
		if err := execOn(ctx, nu.String(), "CREATE EXTENSION IF NOT EXISTS citus"); err != nil {
			return fmt.Errorf("servertest: citus extension on %s: %w", nu.Host, err)
		}
	}
	host, port, err := net.SplitHostPort(u.Host)
	if err != nil {
		return err
	}
	if err := execOn(ctx, u.String(), "SELECT citus_set_coordinator_host($1, $2::int)", host, port); err != nil {
		return fmt.Errorf("servertest: citus coordinator: %w", err)
	}
	for _, w := range workers {
		wh, wp, err := net.SplitHostPort(w)
		if err != nil {
			return err
		}
		if err := execOn(ctx, u.String(), "SELECT citus_add_node($1, $2::int)", wh, wp); err != nil {
			return fmt.Errorf("servertest: citus worker %s: %w", w, err)
		}
	}
	return nil
}

// execOn runs one statement in a session of its own on the database at url.
func execOn(ctx context.Context, url, sql string, args ...any) error {
	c, err := pgx.Connect(ctx, url)
	if err != nil {
		return err
	}
	defer func() { _ = c.Close(ctx) }() // a session for one statement
	_, err = c.Exec(ctx, sql, args...)
	return err
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
