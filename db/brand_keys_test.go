package db_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/server"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

var pool *pgxpool.Pool

func TestMain(m *testing.M) { servertest.MainWithPool(m, "db", nil, &pool) }

// notBrandOwned are the tables with a brand_id column that do not hold one brand's rows, so their
// keys need not include it: under Citus they are reference tables or the coordinator's own
// (docs/scaling.md, "Citus").
var notBrandOwned = []string{
	"users",            // every account, signed in by email; brand_id is a brand user's brand, null for the others
	"activity_log",     // the platform's log, read across tenants; brand_id is null on the host's own entries
	"notifications",    // an affiliate's inbox across brands; brand_id is the brand a notice comes from
	"short_codes",      // every link's code, unique on the platform: the redirect reads it without the brand
	"tracking_domains", // brands' host names, unique on the platform: the redirect reads them without the brand
}

// querier is a pool or a transaction.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// texts answers the one text column of a query's rows.
func texts(ctx context.Context, t *testing.T, db querier, sql string, args ...any) []string {
	t.Helper()
	rows, err := db.Query(ctx, sql, args...)
	if err != nil {
		t.Fatal(err)
	}
	got, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// brandKeyProblems answers, for the tables of schema with a brand_id column (less notBrandOwned),
// each primary or unique key without brand_id among its key columns and each foreign key to
// another such table that does not match brand_id with brand_id, as "table constraint: problem".
func brandKeyProblems(ctx context.Context, t *testing.T, db querier, schema string) []string {
	return texts(ctx, t, db, `
		WITH owned AS (
			SELECT c.oid, c.relname, a.attnum
			FROM pg_class c
			JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'brand_id' AND NOT a.attisdropped
			WHERE c.relnamespace = to_regnamespace($1) AND c.relkind IN ('r', 'p') AND c.relname <> ALL ($2::text[])
		)
		SELECT o.relname || ' ' || i.relname || ': '
		       || CASE WHEN x.indisprimary THEN 'primary key' ELSE 'unique key' END || ' without brand_id'
		FROM owned o
		JOIN pg_index x ON x.indrelid = o.oid AND x.indisunique
		JOIN pg_class i ON i.oid = x.indexrelid
		WHERE NOT EXISTS (SELECT 1 FROM unnest(x.indkey) WITH ORDINALITY k(attnum, n)
		                  WHERE k.n <= x.indnkeyatts AND k.attnum = o.attnum)
		UNION ALL
		SELECT o.relname || ' ' || f.conname || ': foreign key to ' || r.relname || ' without brand_id = brand_id'
		FROM owned o
		JOIN pg_constraint f ON f.conrelid = o.oid AND f.contype = 'f'
		JOIN owned r ON r.oid = f.confrelid
		WHERE NOT EXISTS (SELECT 1 FROM unnest(f.conkey, f.confkey) k(attnum, refnum)
		                  WHERE k.attnum = o.attnum AND k.refnum = r.attnum)
		ORDER BY 1`, schema, notBrandOwned)
}

// inTx runs f in a transaction that is rolled back: the tests leave the database as they found it.
func inTx(t *testing.T, f func(ctx context.Context, tx pgx.Tx)) {
	t.Helper()
	ctx := context.Background()
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback(ctx) }() // nothing a test writes is kept
	f(ctx, tx)
}

func exec(ctx context.Context, t *testing.T, tx pgx.Tx, sql string, args ...any) {
	t.Helper()
	if _, err := tx.Exec(ctx, sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

// TestBrandKeys: every brand-owned table has brand_id, the distribution column under Citus, in its
// primary key, its unique keys and its foreign keys to other brand-owned tables.
func TestBrandKeys(t *testing.T) {
	inTx(t, func(ctx context.Context, tx pgx.Tx) {
		for _, p := range brandKeyProblems(ctx, t, tx, "public") {
			t.Error(p)
		}
		var owned int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM information_schema.columns
			WHERE table_schema = 'public' AND column_name = 'brand_id' AND table_name <> ALL ($1::text[])`,
			notBrandOwned).Scan(&owned); err != nil {
			t.Fatal(err)
		}
		if owned < 15 {
			t.Errorf("only %d brand-owned tables found: is the check reading the right schema?", owned)
		}
	})
}

// TestBrandKeysCheckFails: tables that break the rule in a scratch schema are each reported, and
// those that keep it (or are not brand-owned) are not.
func TestBrandKeysCheckFails(t *testing.T) {
	inTx(t, func(ctx context.Context, tx pgx.Tx) {
		exec(ctx, t, tx, `CREATE SCHEMA scratch;
			CREATE TABLE scratch.affiliates (id uuid PRIMARY KEY);
			CREATE TABLE scratch.campaigns (id uuid PRIMARY KEY, brand_id uuid NOT NULL, UNIQUE (id, brand_id));
			CREATE TABLE scratch.links (
				id uuid, brand_id uuid NOT NULL, campaign_id uuid, affiliate_id uuid REFERENCES scratch.affiliates,
				code text UNIQUE, name text,
				PRIMARY KEY (id, brand_id),
				CONSTRAINT links_campaign_fkey FOREIGN KEY (campaign_id) REFERENCES scratch.campaigns (id),
				CONSTRAINT links_swapped_fkey FOREIGN KEY (campaign_id, brand_id) REFERENCES scratch.campaigns (brand_id, id));
			CREATE UNIQUE INDEX links_name_key ON scratch.links (name) INCLUDE (brand_id);
			CREATE TABLE scratch.orders (
				id uuid, brand_id uuid NOT NULL, campaign_id uuid, number text,
				PRIMARY KEY (id, brand_id),
				FOREIGN KEY (campaign_id, brand_id) REFERENCES scratch.campaigns (id, brand_id));
			CREATE UNIQUE INDEX orders_number_key ON scratch.orders (brand_id, lower(number));
			CREATE TABLE scratch.users (id uuid PRIMARY KEY, brand_id uuid, email text UNIQUE)`)
		problems := brandKeyProblems(ctx, t, tx, "scratch")
		want := []string{
			"campaigns campaigns_pkey: primary key without brand_id",
			"links links_campaign_fkey: foreign key to campaigns without brand_id = brand_id",
			"links links_code_key: unique key without brand_id",
			"links links_name_key: unique key without brand_id",
			"links links_swapped_fkey: foreign key to campaigns without brand_id = brand_id",
		}
		if !slices.Equal(problems, want) {
			t.Errorf("reported\n%q\nwant\n%q", problems, want)
		}
	})
}

// latest is the fixture for the schema after every migration: an invitation is of an email since 000037.
func latest(fixture string) string {
	return strings.Replace(fixture, `INSERT INTO campaign_invitations (campaign_id, affiliate_id, brand_id) VALUES
    ('00000000-0000-0000-0000-0000000000c1', '00000000-0000-0000-0000-0000000000a1', '00000000-0000-0000-0000-0000000000b1');`,
		`INSERT INTO campaign_invitations (campaign_id, affiliate_id, brand_id, email) VALUES
    ('00000000-0000-0000-0000-0000000000c1', '00000000-0000-0000-0000-0000000000a1', '00000000-0000-0000-0000-0000000000b1', 'ana@example.com');`, 1)
}

// fixture is one brand's program with a row in every brand-owned table a foreign key joins, and a
// second brand with a campaign of its own.
const fixture = `
INSERT INTO brands (id, public_id, company_name, webhook_secret) VALUES
    ('00000000-0000-0000-0000-0000000000b1', 'brand-one', 'One', 's'),
    ('00000000-0000-0000-0000-0000000000b2', 'brand-two', 'Two', 's');
INSERT INTO affiliates (id, name, email) VALUES ('00000000-0000-0000-0000-0000000000a1', 'Ana', 'ana@example.com');
INSERT INTO campaigns (id, brand_id, name) VALUES
    ('00000000-0000-0000-0000-0000000000c1', '00000000-0000-0000-0000-0000000000b1', 'Spring'),
    ('00000000-0000-0000-0000-0000000000c2', '00000000-0000-0000-0000-0000000000b2', 'Other');
INSERT INTO campaign_memberships (brand_id, campaign_id, affiliate_id, status) VALUES
    ('00000000-0000-0000-0000-0000000000b1', '00000000-0000-0000-0000-0000000000c1', '00000000-0000-0000-0000-0000000000a1', 'approved');
INSERT INTO campaign_invitations (campaign_id, affiliate_id, brand_id) VALUES
    ('00000000-0000-0000-0000-0000000000c1', '00000000-0000-0000-0000-0000000000a1', '00000000-0000-0000-0000-0000000000b1');
INSERT INTO tracking_links (id, brand_id, campaign_id, affiliate_id, name, short_code, destination_url) VALUES
    ('00000000-0000-0000-0000-0000000000f1', '00000000-0000-0000-0000-0000000000b1', '00000000-0000-0000-0000-0000000000c1',
     '00000000-0000-0000-0000-0000000000a1', 'Spring', 'spring01', 'https://one.example/');
INSERT INTO clicks (id, clicked_at, link_id, campaign_id, affiliate_id, brand_id, ip_hash) VALUES
    (gen_random_uuid(), now(), '00000000-0000-0000-0000-0000000000f1', '00000000-0000-0000-0000-0000000000c1',
     '00000000-0000-0000-0000-0000000000a1', '00000000-0000-0000-0000-0000000000b1', 'h');
INSERT INTO discount_codes (id, brand_id, campaign_id, affiliate_id, code, discount_type) VALUES
    ('00000000-0000-0000-0000-0000000000d1', '00000000-0000-0000-0000-0000000000b1', '00000000-0000-0000-0000-0000000000c1',
     '00000000-0000-0000-0000-0000000000a1', 'SPRING', 'percentage');
INSERT INTO payouts (id, brand_id, affiliate_id, currency, amount, conversion_count) VALUES
    ('00000000-0000-0000-0000-0000000000e1', '00000000-0000-0000-0000-0000000000b1', '00000000-0000-0000-0000-0000000000a1',
     'RON', 10, 1);
INSERT INTO conversions (brand_id, order_id, order_total, currency, converted_at, source, attribution, link_id,
                         campaign_id, affiliate_id, discount_code_id, payout_id, commission_currency, commission_amount, status)
VALUES ('00000000-0000-0000-0000-0000000000b1', 'o1', 100, 'RON', now(), 'api', 'link', '00000000-0000-0000-0000-0000000000f1',
        '00000000-0000-0000-0000-0000000000c1', '00000000-0000-0000-0000-0000000000a1', '00000000-0000-0000-0000-0000000000d1',
        '00000000-0000-0000-0000-0000000000e1', 'RON', 10, 'paid');
INSERT INTO api_keys (brand_id, name, prefix, key_hash) VALUES ('00000000-0000-0000-0000-0000000000b1', 'shop', 'oak_xxxxxx', '\x01');
`

const brandTwo = "00000000-0000-0000-0000-0000000000b2"

// tryLink adds a link of brand in campaign with code and takes it back: it answers the SQLSTATE
// that refused the link, "" when none did.
func tryLink(ctx context.Context, t *testing.T, tx pgx.Tx, brand, campaign, code string) string {
	t.Helper()
	exec(ctx, t, tx, `SAVEPOINT try`)
	_, err := tx.Exec(ctx, `INSERT INTO tracking_links (brand_id, campaign_id, affiliate_id, name, short_code, destination_url)
		VALUES ($1, $2, '00000000-0000-0000-0000-0000000000a1', 'Tried', $3, 'https://example.com/')`, brand, campaign, code)
	exec(ctx, t, tx, `ROLLBACK TO SAVEPOINT try`)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code
	}
	return ""
}

// TestRowsShareTheirParentsBrand: the composite foreign keys refuse a row of one brand under
// another brand's campaign; a campaign its conversions still name cannot be deleted (the server
// empties their campaign_id and discount_code_id first, migration 000035), and deleting it then takes its links, codes,
// memberships and invitations and leaves the conversions.
func TestRowsShareTheirParentsBrand(t *testing.T) {
	inTx(t, func(ctx context.Context, tx pgx.Tx) {
		exec(ctx, t, tx, latest(fixture))
		if state := tryLink(ctx, t, tx, brandTwo, "00000000-0000-0000-0000-0000000000c1", "stray001"); state != "23503" {
			t.Errorf("a link of brand two in brand one's campaign: SQLSTATE %q, want a foreign key violation", state)
		}
		if state := try(ctx, t, tx, `DELETE FROM campaigns WHERE id = '00000000-0000-0000-0000-0000000000c1'`); state != "23503" {
			t.Errorf("deleting a campaign its conversions name: SQLSTATE %q, want a foreign key violation", state)
		}
		exec(ctx, t, tx, `UPDATE conversions SET campaign_id = NULL, discount_code_id = NULL
			WHERE campaign_id = '00000000-0000-0000-0000-0000000000c1'`)
		exec(ctx, t, tx, `DELETE FROM campaigns WHERE id = '00000000-0000-0000-0000-0000000000c1'`)
		var links, codes, members, invitations int
		var brand, campaign *string
		if err := tx.QueryRow(ctx, `SELECT (SELECT count(*) FROM tracking_links), (SELECT count(*) FROM discount_codes),
			(SELECT count(*) FROM campaign_memberships), (SELECT count(*) FROM campaign_invitations),
			(SELECT brand_id::text FROM conversions), (SELECT campaign_id::text FROM conversions)`).
			Scan(&links, &codes, &members, &invitations, &brand, &campaign); err != nil {
			t.Fatal(err)
		}
		if links+codes+members+invitations != 0 || brand == nil || campaign != nil {
			t.Errorf("after the campaign's delete: %d links, %d codes, %d members, %d invitations, conversion's brand %v and campaign %v",
				links, codes, members, invitations, brand, campaign)
		}
	})
}

// try runs sql under a savepoint and takes it back: it answers the SQLSTATE that refused it, ""
// when none did.
func try(ctx context.Context, t *testing.T, tx pgx.Tx, sql string) string {
	t.Helper()
	exec(ctx, t, tx, `SAVEPOINT try`)
	_, err := tx.Exec(ctx, sql)
	exec(ctx, t, tx, `ROLLBACK TO SAVEPOINT try`)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code
	}
	return ""
}

// TestShortCodeTakenOnce: a code is taken once on the platform whatever the brand (short_codes'
// primary key; the link service writes and frees the rows, api's TestShortCodesFollowLinks).
func TestShortCodeTakenOnce(t *testing.T) {
	inTx(t, func(ctx context.Context, tx pgx.Tx) {
		exec(ctx, t, tx, latest(fixture))
		exec(ctx, t, tx, `INSERT INTO short_codes (code, link_id, brand_id)
			VALUES ('spring01', '00000000-0000-0000-0000-0000000000f1', '00000000-0000-0000-0000-0000000000b1')`)
		if state := try(ctx, t, tx, `INSERT INTO short_codes (code, link_id, brand_id)
			VALUES ('spring01', gen_random_uuid(), '`+brandTwo+`')`); state != "23505" {
			t.Errorf("another brand's link with a taken code: SQLSTATE %q, want a unique violation", state)
		}
	})
}

// schemaOf lists the tables, keys, indexes and triggers of the public schema, as definitions.
func schemaOf(ctx context.Context, t *testing.T, p *pgxpool.Pool) []string {
	return texts(ctx, t, p, `
		SELECT 'table ' || tablename FROM pg_tables WHERE schemaname = 'public'
		UNION ALL
		SELECT conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
		FROM pg_constraint WHERE connamespace = 'public'::regnamespace
		UNION ALL
		SELECT indexdef FROM pg_indexes WHERE schemaname = 'public'
		UNION ALL
		SELECT pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal
		ORDER BY 1`)
}

// TestBrandKeysMigrationBothWays runs migration 000021 up on a database holding a program, down,
// and up again: down gives back migration 000020's schema exactly, and no row is lost either way.
func TestBrandKeysMigrationBothWays(t *testing.T) {
	ctx := context.Background()
	url, drop, err := servertest.CreateDatabase(ctx, "brandkeys")
	if err != nil {
		t.Fatal(err)
	}
	defer drop()
	p, err := server.OpenPool(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if err := server.MigrateTo(p, 20); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Exec(ctx, fixture); err != nil {
		t.Fatal(err)
	}
	before := schemaOf(ctx, t, p)
	counts := func() string {
		t.Helper()
		var s string
		if err := p.QueryRow(ctx, `SELECT concat_ws(' ', (SELECT count(*) FROM campaigns), (SELECT count(*) FROM campaign_memberships),
			(SELECT count(*) FROM campaign_invitations), (SELECT count(*) FROM tracking_links), (SELECT count(*) FROM clicks),
			(SELECT count(*) FROM discount_codes), (SELECT count(*) FROM payouts), (SELECT count(*) FROM api_keys),
			(SELECT count(*) FROM conversions WHERE campaign_id IS NOT NULL AND discount_code_id IS NOT NULL AND payout_id IS NOT NULL))`).
			Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	const all = "2 1 1 1 1 1 1 1 1"
	for _, step := range []struct {
		version uint
		check   func()
	}{
		{21, func() {
			var code string
			if err := p.QueryRow(ctx, `SELECT code FROM short_codes WHERE link_id = '00000000-0000-0000-0000-0000000000f1'`).Scan(&code); err != nil || code != "spring01" {
				t.Errorf("the link's short code after the migration: %q (%v)", code, err)
			}
		}},
		{20, func() {
			if after := schemaOf(ctx, t, p); !slices.Equal(after, before) {
				t.Errorf("the schema after the down migration differs:\n%q\nwant\n%q", after, before)
			}
		}},
		{21, func() {}},
	} {
		if err := server.MigrateTo(p, step.version); err != nil {
			t.Fatalf("to version %d: %v", step.version, err)
		}
		if got := counts(); got != all {
			t.Errorf("rows at version %d: %s, want %s", step.version, got, all)
		}
		step.check()
	}
}
