package dbtx_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

var pool *pgxpool.Pool

// TestMain runs the tests on an empty database of their own: they make the one table they lock.
func TestMain(m *testing.M) {
	ctx := context.Background()
	url, drop, err := servertest.CreateDatabase(ctx, "dbtx")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := func() int {
		if pool, err = pgxpool.New(ctx, url); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer pool.Close()
		if _, err := pool.Exec(ctx, `CREATE TABLE counters (id int PRIMARY KEY, n int NOT NULL)`); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		return m.Run()
	}()
	drop()
	os.Exit(code)
}

func resetCounters(t *testing.T) {
	t.Helper()
	if _, err := pool.Exec(context.Background(), `DELETE FROM counters; INSERT INTO counters VALUES (1, 0), (2, 0)`); err != nil {
		t.Fatal(err)
	}
}

// TestDeadlockIsRunAgain: two transactions lock two rows in opposite order and deadlock for real;
// PostgreSQL ends one of them, which runs again and succeeds, so both add to both rows once.
func TestDeadlockIsRunAgain(t *testing.T) {
	resetCounters(t)
	ctx := context.Background()
	holding := sync.WaitGroup{} // both hold their first row before either asks for its second
	holding.Add(2)
	var runs [2]atomic.Int32
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i, order := range [][2]int{{1, 2}, {2, 1}} {
		wg.Go(func() {
			errs[i] = dbtx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
				first := runs[i].Add(1) == 1
				// Found within 50 ms instead of the default second.
				if _, err := tx.Exec(ctx, `SET LOCAL deadlock_timeout = '50ms'`); err != nil {
					return err
				}
				if _, err := tx.Exec(ctx, `UPDATE counters SET n = n + 1 WHERE id = $1`, order[0]); err != nil {
					return err
				}
				if first {
					holding.Done()
					holding.Wait()
				}
				_, err := tx.Exec(ctx, `UPDATE counters SET n = n + 1 WHERE id = $1`, order[1])
				return err
			})
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("transaction %d: %v", i, err)
		}
	}
	// A run again may meet the other's first run once more (3 or 4 runs in all), never none.
	if total := runs[0].Load() + runs[1].Load(); total < 3 {
		t.Errorf("the two transactions ran %d and %d times; want one of them run again after the deadlock", runs[0].Load(), runs[1].Load())
	}
	rows, err := pool.Query(ctx, `SELECT n FROM counters ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	counts, err := pgx.CollectRows(rows, pgx.RowTo[int])
	if err != nil {
		t.Fatal(err)
	}
	if len(counts) != 2 || counts[0] != 2 || counts[1] != 2 {
		t.Errorf("counters = %v; want [2 2]: each transaction adds to both rows once", counts)
	}
}

// raise answers a statement that fails on the server with SQLSTATE code.
func raise(code string) string {
	return fmt.Sprintf(`DO $$ BEGIN RAISE EXCEPTION 'raised %[1]s' USING ERRCODE = '%[1]s'; END $$`, code)
}

// TestRetriesAreBounded: a serialization failure every time is answered after dbtx.Attempts runs,
// with the server's error.
func TestRetriesAreBounded(t *testing.T) {
	ctx := context.Background()
	for _, code := range []string{"40001", "40P01"} {
		var runs int
		err := dbtx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			runs++
			_, err := tx.Exec(ctx, raise(code))
			return err
		})
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != code {
			t.Errorf("%s: err = %v; want the server's %s", code, err, code)
		}
		if runs != dbtx.Attempts {
			t.Errorf("%s: ran %d times; want %d", code, runs, dbtx.Attempts)
		}
	}
}

// TestOtherErrorsAreNotRunAgain: a unique violation, another error of the server and an error of
// fn's own end the transaction at once, and nothing of it is stored.
func TestOtherErrorsAreNotRunAgain(t *testing.T) {
	resetCounters(t)
	ctx := context.Background()
	mine := errors.New("refused by the caller")
	for name, step := range map[string]func(pgx.Tx) error{
		"unique violation": func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, `INSERT INTO counters VALUES (1, 0)`)
			return err
		},
		"lock not available": func(tx pgx.Tx) error { _, err := tx.Exec(ctx, raise("55P03")); return err },
		"the caller's error": func(pgx.Tx) error { return mine },
	} {
		var runs int
		err := dbtx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			runs++
			if _, err := tx.Exec(ctx, `UPDATE counters SET n = n + 1 WHERE id = 2`); err != nil {
				return err
			}
			return step(tx)
		})
		if err == nil || dbtx.Retryable(err) {
			t.Errorf("%s: err = %v", name, err)
		}
		if runs != 1 {
			t.Errorf("%s: ran %d times; want once", name, runs)
		}
	}
	var n int
	if err := pool.QueryRow(ctx, `SELECT n FROM counters WHERE id = 2`).Scan(&n); err != nil || n != 0 {
		t.Errorf("counter = %d (%v); want 0: every transaction was rolled back", n, err)
	}
}

// TestSerializationFailureIsRunAgain: two serializable transactions that each read what the other
// writes; PostgreSQL refuses one (40001), which runs again, sees the other's row and succeeds.
func TestSerializationFailureIsRunAgain(t *testing.T) {
	resetCounters(t)
	ctx := context.Background()
	read := sync.WaitGroup{}
	read.Add(2)
	var runs [2]atomic.Int32
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Go(func() {
			errs[i] = dbtx.BeginTxFunc(ctx, pool, pgx.TxOptions{IsoLevel: pgx.Serializable}, func(tx pgx.Tx) error {
				first := runs[i].Add(1) == 1
				var sum int
				if err := tx.QueryRow(ctx, `SELECT sum(n) FROM counters`).Scan(&sum); err != nil {
					return err
				}
				if first {
					read.Done()
					read.Wait()
				}
				_, err := tx.Exec(ctx, `UPDATE counters SET n = $1 + 1 WHERE id = $2`, sum, i+1)
				return err
			})
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("transaction %d: %v", i, err)
		}
	}
	if total := runs[0].Load() + runs[1].Load(); total < 3 {
		t.Errorf("the two transactions ran %d and %d times; want one of them run again", runs[0].Load(), runs[1].Load())
	}
	var sum int
	if err := pool.QueryRow(ctx, `SELECT sum(n) FROM counters`).Scan(&sum); err != nil || sum != 3 {
		t.Errorf("sum = %d (%v); want 3: the second saw the first's 1 and wrote 2", sum, err)
	}
}

// beginsElsewhere is where a transaction may begin without BeginFunc, and why.
var beginsElsewhere = map[string]string{
	"server/platform/dbtx/retry.go": "BeginFunc itself",
	"server/platform/csvfile/csvfile.go": "a read-only snapshot streamed to the client as it is read: it takes no lock " +
		"that could deadlock, and once rows are sent it cannot start over",
	"scripts/gendata/main.go": "the test data loader, run by hand on a database nobody else writes",
}

// beginsTransaction finds a transaction begun in code: pgx's helpers or a Begin on a pool,
// connection or transaction.
var beginsTransaction = regexp.MustCompile(`\bpgx\.Begin(Tx)?Func\(|\.Begin(Tx)?\(ctx\b`)

// TestTransactionsBeginInDbtx keeps deadlocks and serialization failures handled in one place:
// every transaction of the server begins through dbtx.BeginFunc or BeginTxFunc.
func TestTransactionsBeginInDbtx(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	for _, dir := range []string{"api", "server", "scripts"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			rel = filepath.ToSlash(rel)
			if _, ok := beginsElsewhere[rel]; ok {
				return nil
			}
			b, err := os.ReadFile(path) //nolint:gosec // G304: the repository's own files
			if err != nil {
				return err
			}
			for i, line := range strings.Split(string(b), "\n") {
				if beginsTransaction.MatchString(line) {
					t.Errorf("%s:%d begins a transaction without dbtx.BeginFunc (which runs it again after a deadlock): %s",
						rel, i+1, strings.TrimSpace(line))
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for rel := range beginsElsewhere {
		if _, err := os.Stat(filepath.Join(root, rel)); err != nil {
			t.Errorf("%s is listed in beginsElsewhere but %v", rel, err)
		}
	}
}
