package db_test

import (
	"context"
	"io/fs"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/openaffiliate/platform/db"
)

// TestWebhookAttemptErrorsMigration: migration 000038 rewrites the errors stored before issue 32,
// which named the addresses a name resolved to and the resolver's, to the fixed words a delivery
// writes now, and leaves those words and empty errors as they are. It runs on a temporary table of
// the same name (searched first), so the rows need no brand, endpoint or delivery.
func TestWebhookAttemptErrorsMigration(t *testing.T) {
	up, err := fs.ReadFile(db.Migrations, "migrations/000038_webhook_attempt_errors.up.sql")
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{
		`Post "https://hooks.example.com/x": dial tcp 10.0.0.5:443: address 10.0.0.5 is not allowed (loopback, private, link-local or reserved)`: "address not allowed",
		`Post "https://nowhere.example/x": dial tcp: lookup nowhere.example on 127.0.0.53:53: no such host`:                                      "name not resolved",
		`Post "https://slow.example/x": context deadline exceeded (Client.Timeout exceeded while awaiting headers)`:                              "timed out",
		`Post "https://down.example/x": dial tcp 203.0.113.7:443: connect: connection refused`:                                                   "connection refused",
		`Post "https://bad.example/x": tls: failed to verify certificate: x509: certificate signed by unknown authority`:                         "TLS handshake failed",
		`Post "https://odd.example/x": EOF`: "connection failed",
		"address not allowed":               "address not allowed",
		"connection failed":                 "connection failed",
		"":                                  "",
	}
	inTx(t, func(ctx context.Context, tx pgx.Tx) {
		exec(ctx, t, tx, `CREATE TEMP TABLE webhook_attempts (error text NOT NULL DEFAULT '') ON COMMIT DROP`)
		for before := range cases {
			exec(ctx, t, tx, `INSERT INTO webhook_attempts (error) VALUES ($1)`, before)
		}
		exec(ctx, t, tx, `ALTER TABLE webhook_attempts ADD COLUMN before text`)
		exec(ctx, t, tx, `UPDATE webhook_attempts SET before = error`)
		exec(ctx, t, tx, string(up))
		rows, err := tx.Query(ctx, `SELECT before, error FROM pg_temp.webhook_attempts`)
		if err != nil {
			t.Fatal(err)
		}
		got, err := pgx.CollectRows(rows, pgx.RowToStructByPos[struct{ Before, After string }])
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(cases) {
			t.Fatalf("%d rows, want %d", len(got), len(cases))
		}
		for _, r := range got {
			if r.After != cases[r.Before] {
				t.Errorf("%q became %q, want %q", r.Before, r.After, cases[r.Before])
			}
		}
	})
}
