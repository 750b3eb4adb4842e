package api_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/openaffiliate/platform/gen/spec"
	"github.com/openaffiliate/platform/server/domain/export"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// csvOf parses a CSV download, checks its type, and answers its header and rows.
func csvOf(t *testing.T, r servertest.Response) ([]string, [][]string) {
	t.Helper()
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") {
		t.Fatalf("content type %q", r.Header.Get("Content-Type"))
	}
	rows, err := csv.NewReader(bytes.NewReader(r.Raw)).ReadAll()
	if err != nil {
		t.Fatalf("not CSV: %v\n%s", err, r.Raw[:min(len(r.Raw), 300)])
	}
	if len(rows) == 0 {
		t.Fatal("no header")
	}
	return rows[0], rows[1:]
}

// column answers one named column of every row.
func column(t *testing.T, header []string, rows [][]string, name string) []string {
	t.Helper()
	i := slices.Index(header, name)
	if i < 0 {
		t.Fatalf("no column %q in %v", name, header)
	}
	out := make([]string, len(rows))
	for j, r := range rows {
		out[j] = r[i]
	}
	return out
}

// rawIDs answers the ids a plain query finds, sorted.
func rawIDs(t *testing.T, env *servertest.Env, sql string, args ...any) []string {
	t.Helper()
	rows, err := env.App.Pool.Query(context.Background(), sql, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// TestReportsAgreeWithRawRows: the conversions report holds exactly the conversions of the range
// the caller may see, oldest first, and the clicks report's sums equal the raw clicks and orders,
// for a brand, an affiliate and the host; another tenant's rows are never in them.
func TestReportsAgreeWithRawRows(t *testing.T) {
	env := servertest.Get(t)
	host := hostToken(t, env)
	rng := rand.New(rand.NewPCG(3, 4)) //nolint:gosec // G404: random data with a seed to replay, not secrecy
	a, b := seededPrograms(t, env, rng, host)
	today := time.Now().UTC().Truncate(24 * time.Hour)
	first, last := today.AddDate(0, 0, -40), today.AddDate(0, 0, -3)
	rng2 := "from=" + first.Format(time.DateOnly) + "&to=" + last.Format(time.DateOnly)
	aBrand, aAff := a.brand.brandID(), a.affID

	const inRange = `converted_at >= $1 AND converted_at < $2`
	end := last.AddDate(0, 0, 1)
	for _, v := range []struct {
		who, token, extra, where string
		args                     []any
	}{
		{"brand", a.brand.token, "", inRange + ` AND brand_id = $3`, []any{aBrand}},
		{"brand, confirmed", a.brand.token, "&status=confirmed", inRange + ` AND brand_id = $3 AND status = 'confirmed'`, []any{aBrand}},
		{"affiliate", a.affiliate.token, "", inRange + ` AND affiliate_id = $3`, []any{aAff}},
		{"host", host, "", inRange, nil},
		{"host, one brand", host, "&brand_id=" + aBrand, inRange + ` AND brand_id = $3`, []any{aBrand}},
		{"brand asking for another brand", a.brand.token, "&brand_id=" + b.brand.brandID(), `false AND $1::timestamptz < $2`, nil},
		{"affiliate asking for another affiliate", a.affiliate.token, "&affiliate_id=" + b.affID, `false AND $1::timestamptz < $2`, nil},
	} {
		r := mustStatus(t, env.Call(t, http.MethodGet, "/reports/conversions?"+rng2+v.extra, v.token, nil), http.StatusOK)
		want := fmt.Sprintf(`attachment; filename="conversions-%s-%s.csv"`, first.Format(time.DateOnly), last.Format(time.DateOnly))
		if got := r.Header.Get("Content-Disposition"); got != want {
			t.Errorf("%s: Content-Disposition %q", v.who, got)
		}
		header, rows := csvOf(t, r)
		ids := column(t, header, rows, "id")
		wantIDs := rawIDs(t, env, `SELECT id::text FROM conversions WHERE `+v.where, append([]any{first, end}, v.args...)...)
		if !slices.Equal(sorted(ids), wantIDs) {
			t.Errorf("%s: %d rows, want %d", v.who, len(ids), len(wantIDs))
		}
		times := column(t, header, rows, "converted_at")
		if !slices.IsSorted(times) {
			t.Errorf("%s: not oldest first", v.who)
		}
		for _, row := range rows {
			if len(row) != len(header) {
				t.Fatalf("%s: a row of %d cells under %d columns", v.who, len(row), len(header))
			}
		}
		if v.token == a.affiliate.token {
			for _, e := range column(t, header, rows, "customer_email") {
				if e != "" && !strings.Contains(e, "***") {
					t.Errorf("an affiliate's report shows the customer %q", e)
				}
			}
		}
	}

	// The clicks report: sums per caller equal the raw figures of the same range.
	for _, v := range []struct {
		who, token, extra string
		brand, affiliate  *string
	}{
		{"brand", a.brand.token, "", &aBrand, nil},
		{"affiliate", a.affiliate.token, "", nil, &aAff},
		{"host", host, "", nil, nil},
		{"brand asking for another brand", a.brand.token, "&brand_id=" + b.brand.brandID(), nil, nil},
	} {
		header, rows := csvOf(t, mustStatus(t, env.Call(t, http.MethodGet, "/reports/clicks?"+rng2+v.extra, v.token, nil), http.StatusOK))
		sums := map[string]int64{}
		for _, name := range []string{"clicks", "unique_clicks", "conversions"} {
			for _, cell := range column(t, header, rows, name) {
				n, err := strconv.ParseInt(cell, 10, 64)
				if err != nil {
					t.Fatalf("%s: %s %q", v.who, name, cell)
				}
				sums[name] += n
			}
		}
		days := column(t, header, rows, "day")
		if !slices.IsSorted(days) || (len(days) > 0 && (days[0] < first.Format(time.DateOnly) || days[len(days)-1] > last.Format(time.DateOnly))) {
			t.Errorf("%s: days out of order or range: %v", v.who, days)
		}
		if strings.Contains(v.who, "another") {
			if len(rows) != 0 {
				t.Errorf("%s: %d rows", v.who, len(rows))
			}
			continue
		}
		raw := rawTotals(t, env, first, last, v.brand, v.affiliate, nil, "RON")
		for _, name := range []string{"clicks", "unique_clicks", "conversions"} {
			if strconv.FormatInt(sums[name], 10) != raw[name] {
				t.Errorf("%s: %s sums to %d, raw %s", v.who, name, sums[name], raw[name])
			}
		}
		if sums["clicks"] == 0 {
			t.Errorf("%s: no clicks in the report", v.who)
		}
	}

	// Bad ranges are refused in the envelope.
	wantError(t, env.Call(t, http.MethodGet, "/reports/conversions?from=2026-03-01&to=2026-02-01", a.brand.token, nil), http.StatusBadRequest, "VALIDATION_ERROR")
	wantError(t, env.Call(t, http.MethodGet, "/reports/clicks?from=2024-01-01&to=2026-01-01", a.brand.token, nil), http.StatusBadRequest, "VALIDATION_ERROR")
	wantError(t, env.Call(t, http.MethodGet, "/reports/clicks", "", nil), http.StatusUnauthorized, "UNAUTHORIZED")
}

// TestReportsStreamManyPages: a report and an export longer than many pages hold every row once.
func TestReportsStreamManyPages(t *testing.T) {
	env := servertest.Get(t)
	host := hostToken(t, env)
	p := newProgram(t, env)
	const orders = 4321
	if _, err := env.App.Pool.Exec(context.Background(), `
		INSERT INTO conversions (brand_id, order_id, order_total, currency, converted_at, source, attribution,
		                         campaign_id, affiliate_id, commission_currency, commission_amount)
		SELECT $1, 'bulk-' || g, 10 + g % 90, 'RON', now() - (g % 5) * interval '1 day' - g * interval '1 second',
		       'api', 'discount_code', $2, $3, 'RON', 1
		FROM generate_series(1, $4::int) AS g`, p.brand.brandID(), p.campaign["id"], p.affID, orders); err != nil {
		t.Fatal(err)
	}
	header, rows := csvOf(t, mustStatus(t, env.Call(t, http.MethodGet, "/reports/conversions?range=7d", p.brand.token, nil), http.StatusOK))
	ids := column(t, header, rows, "id")
	if len(ids) != orders || len(slices.Compact(sorted(ids))) != orders {
		t.Errorf("the report has %d rows (%d distinct), want %d", len(ids), len(slices.Compact(sorted(ids))), orders)
	}
	header, rows = csvOf(t, mustStatus(t, env.Call(t, http.MethodGet, "/admin/data/export/conversions", host, nil), http.StatusOK))
	ids = column(t, header, rows, "id")
	if want := rawIDs(t, env, `SELECT id::text FROM conversions`); !slices.Equal(sorted(ids), want) {
		t.Errorf("the export has %d conversions, the table %d", len(ids), len(want))
	}
}

// TestDataExportCoversEveryEntity: the contract's entities are the ones exported, each with a
// header and rows of its width, and nothing secret.
func TestDataExportCoversEveryEntity(t *testing.T) {
	env := servertest.Get(t)
	host := hostToken(t, env)
	rng := rand.New(rand.NewPCG(5, 6)) //nolint:gosec // G404: random data with a seed to replay, not secrecy
	p := newProgram(t, env)
	seedRandomProgram(t, env, rng, p, host)
	mustStatus(t, env.Call(t, http.MethodPost, "/brands/api-keys", p.brand.token, map[string]any{"name": "shop"}), http.StatusCreated)

	doc, err := openapi3.NewLoader().LoadFromData(spec.YAML)
	if err != nil {
		t.Fatal(err)
	}
	enum := doc.Components.Schemas["ExportEntity"].Value.Enum
	var contract []string
	for _, e := range enum {
		contract = append(contract, e.(string))
	}
	if !slices.Equal(sorted(contract), export.Entities()) {
		t.Fatalf("the contract exports %v, the server %v", sorted(contract), export.Entities())
	}
	counts := data(mustStatus(t, env.Call(t, http.MethodGet, "/admin/data/summary", host, nil), http.StatusOK))["counts"].(map[string]any)
	for _, entity := range contract {
		r := mustStatus(t, env.Call(t, http.MethodGet, "/admin/data/export/"+entity, host, nil), http.StatusOK)
		header, rows := csvOf(t, r)
		for _, row := range rows {
			if len(row) != len(header) {
				t.Fatalf("%s: a row of %d cells under %d columns %v", entity, len(row), len(header), header)
			}
		}
		if c, ok := counts[entity].(float64); !ok || int(c) < len(rows) || len(rows) == 0 && entity != "brand_domains" && entity != "invitations" && entity != "payouts" {
			t.Errorf("%s: %d rows, summary counts %v", entity, len(rows), counts[entity])
		}
		if s := string(r.Raw); strings.Contains(s, "argon2") || strings.Contains(s, "whsec_") || strings.Contains(s, "key_hash") {
			t.Errorf("%s export leaks a secret", entity)
		}
	}
}
