package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/openaffiliate/platform/server"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// idemKey makes an Idempotency-Key header no other test uses.
func idemKey() http.Header {
	return http.Header{server.IdempotencyKeyHeader: {fmt.Sprintf("retry-%d", seq.Add(1))}}
}

func replayed(r servertest.Response) bool {
	return r.Header.Get(server.IdempotentReplayedHeader) == "true"
}

func TestIdemConcurrentCreateRunsOnce(t *testing.T) {
	env := servertest.Get(t)
	b, domain := newBrand(t, env)
	key := idemKey()
	body := map[string]any{"name": "Black Friday", "homepage_url": "https://" + domain + "/"}
	const n = 20
	resps := make([]servertest.Response, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			<-start
			resps[i] = env.CallWithHeaders(t, http.MethodPost, "/campaigns", b.token, key, body)
		})
	}
	close(start)
	wg.Wait()
	if got := count(t, env, "SELECT count(*) FROM campaigns WHERE brand_id = $1", b.brandID()); got != 1 {
		t.Errorf("%d campaigns created, want 1", got)
	}
	replays := 0
	for i, r := range resps {
		if r.Status != http.StatusCreated || string(r.Raw) != string(resps[0].Raw) || r.Header.Get("Content-Type") != resps[0].Header.Get("Content-Type") {
			t.Errorf("answer %d differs: %d %s\nfirst: %d %s", i, r.Status, r.Raw, resps[0].Status, resps[0].Raw)
		}
		if replayed(r) {
			replays++
		}
	}
	if replays != n-1 {
		t.Errorf("%d answers replayed, want %d", replays, n-1)
	}
}

func TestIdemReplayReuseAndCallers(t *testing.T) {
	env := servertest.Get(t)
	p := newProgram(t, env)
	key := idemKey()
	code := func(c string) map[string]any {
		return map[string]any{"code": c, "campaign_id": p.campaign["id"], "affiliate_id": p.affID, "discount_type": "percentage", "discount_value": "0.10"}
	}
	codes := func() int {
		return count(t, env, "SELECT count(*) FROM discount_codes WHERE brand_id = $1", p.brand.brandID())
	}
	first := mustStatus(t, env.CallWithHeaders(t, http.MethodPost, "/discount-codes", p.brand.token, key, code("IDEM10")), http.StatusCreated)
	if replayed(first) {
		t.Error("the first answer is marked replayed")
	}
	again := mustStatus(t, env.CallWithHeaders(t, http.MethodPost, "/discount-codes", p.brand.token, key, code("IDEM10")), http.StatusCreated)
	if !replayed(again) || string(again.Raw) != string(first.Raw) {
		t.Errorf("the repeat is not the replayed first answer: %s\nfirst: %s", again.Raw, first.Raw)
	}
	if codes() != 1 {
		t.Fatalf("%d codes after a repeat", codes())
	}

	// The same key with another body or on another path is refused, and nothing is stored.
	wantError(t, env.CallWithHeaders(t, http.MethodPost, "/discount-codes", p.brand.token, key, code("IDEM20")), http.StatusConflict, "IDEMPOTENCY_KEY_REUSED")
	id := data(first)["discount_code"].(map[string]any)["id"].(string)
	wantError(t, env.CallWithHeaders(t, http.MethodPut, "/discount-codes/"+id, p.brand.token, key, map[string]any{"description": "changed"}),
		http.StatusConflict, "IDEMPOTENCY_KEY_REUSED")
	if codes() != 1 || count(t, env, "SELECT count(*) FROM discount_codes WHERE id = $1 AND description = 'changed'", id) != 0 {
		t.Error("a refused reuse of the key changed data")
	}

	// Another brand's identical key is its own.
	other := newProgram(t, env)
	body := code("IDEM10")
	body["campaign_id"], body["affiliate_id"] = other.campaign["id"], other.affID
	if r := mustStatus(t, env.CallWithHeaders(t, http.MethodPost, "/discount-codes", other.brand.token, key, body), http.StatusCreated); replayed(r) {
		t.Error("another caller's key replayed the first caller's answer")
	}

	// Without a key every request runs.
	wantError(t, env.Call(t, http.MethodPost, "/discount-codes", p.brand.token, code("IDEM10")), http.StatusConflict, "CODE_TAKEN")

	// A delete repeated with its key answers as the first time instead of 404.
	campaign := createCampaign(t, env, p.brand.token, map[string]any{"name": "Short-lived"})
	delKey := idemKey()
	del := env.CallWithHeaders(t, http.MethodDelete, "/campaigns/"+campaign["id"].(string), p.brand.token, delKey, nil)
	if del.Status != http.StatusOK {
		t.Fatalf("delete: %d %s", del.Status, del.Raw)
	}
	if r := env.CallWithHeaders(t, http.MethodDelete, "/campaigns/"+campaign["id"].(string), p.brand.token, delKey, nil); r.Status != del.Status || !replayed(r) || string(r.Raw) != string(del.Raw) {
		t.Errorf("repeated delete: %d %s", r.Status, r.Raw)
	}
}

func TestIdemClientErrorReplayed(t *testing.T) {
	env := servertest.Get(t)
	p := newProgram(t, env)
	outsider := newAccount(t, env, "affiliate")
	outsiderID := data(env.Call(t, http.MethodGet, "/affiliates/by-user/"+outsider.id(), outsider.token, nil))["affiliate"].(map[string]any)["id"].(string)
	key := idemKey()
	body := map[string]any{"name": "L", "destination_url": "https://" + p.domain + "/x", "affiliate_id": outsiderID, "campaign_id": p.campaign["id"]}
	first := env.CallWithHeaders(t, http.MethodPost, "/tracking-links", p.brand.token, key, body)
	wantError(t, first, http.StatusBadRequest, "AFFILIATE_NOT_APPROVED")

	// Once the affiliate is in the campaign, the request would succeed: the key still replays the refusal.
	mustStatus(t, env.Call(t, http.MethodPost, "/campaigns/"+p.campaign["id"].(string)+"/join", outsider.token, nil), http.StatusOK)
	again := env.CallWithHeaders(t, http.MethodPost, "/tracking-links", p.brand.token, key, body)
	if again.Status != http.StatusBadRequest || !replayed(again) || string(again.Raw) != string(first.Raw) {
		t.Errorf("the refusal is not replayed: %d %s", again.Status, again.Raw)
	}
	if n := count(t, env, "SELECT count(*) FROM tracking_links WHERE affiliate_id = $1", outsiderID); n != 0 {
		t.Errorf("%d links created under a replayed refusal", n)
	}
	mustStatus(t, env.CallWithHeaders(t, http.MethodPost, "/tracking-links", p.brand.token, idemKey(), body), http.StatusCreated)
}

func TestIdemServerErrorNotStored(t *testing.T) {
	env := servertest.Get(t)
	b, _ := newBrand(t, env)
	ctx := context.Background()
	// Campaigns named after this test fail inside the database until the trigger is dropped.
	for _, sql := range []string{
		`CREATE FUNCTION idem_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
		 BEGIN IF NEW.name = 'Idem outage' THEN RAISE EXCEPTION 'simulated outage'; END IF; RETURN NEW; END $$`,
		`CREATE TRIGGER idem_test_fail BEFORE INSERT ON campaigns FOR EACH ROW EXECUTE FUNCTION idem_test_fail()`,
	} {
		if err := unsafeTriggers(ctx, env, sql); err != nil {
			t.Fatal(err)
		}
	}
	dropped := false
	dropTrigger := func() {
		if !dropped {
			dropped = true
			// One transaction each: Citus drops the function only in a transaction that touched no shard.
			for _, drop := range []string{"DROP TRIGGER idem_test_fail ON campaigns", "DROP FUNCTION idem_test_fail()"} {
				if err := unsafeTriggers(ctx, env, drop); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	defer dropTrigger()
	key := idemKey()
	body := map[string]any{"name": "Idem outage", "status": "paused"}
	wantError(t, env.CallWithHeaders(t, http.MethodPost, "/campaigns", b.token, key, body), http.StatusInternalServerError, "INTERNAL_ERROR")
	dropTrigger()
	r := mustStatus(t, env.CallWithHeaders(t, http.MethodPost, "/campaigns", b.token, key, body), http.StatusCreated)
	if replayed(r) || count(t, env, "SELECT count(*) FROM campaigns WHERE brand_id = $1", b.brandID()) != 1 {
		t.Errorf("the retry after a 500 did not run fresh: replayed=%v", replayed(r))
	}
}

func TestIdemExpiredKeyRunsFresh(t *testing.T) {
	env := servertest.Get(t)
	b, _ := newBrand(t, env)
	key := idemKey()
	body := map[string]any{"name": "Yearly", "status": "paused"}
	mustStatus(t, env.CallWithHeaders(t, http.MethodPost, "/campaigns", b.token, key, body), http.StatusCreated)
	// The server's clock is the wall clock: move the key's 24 hours into the past instead.
	// (A time worked out here: Citus refuses an UPDATE computing a timestamp from its column.)
	if _, err := env.App.Pool.Exec(context.Background(), "UPDATE idempotency_keys SET created_at = $2 WHERE key = $1",
		key.Get(server.IdempotencyKeyHeader), time.Now().Add(-25*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if r := mustStatus(t, env.CallWithHeaders(t, http.MethodPost, "/campaigns", b.token, key, body), http.StatusCreated); replayed(r) {
		t.Error("an expired key was replayed")
	}
	if n := count(t, env, "SELECT count(*) FROM campaigns WHERE brand_id = $1", b.brandID()); n != 2 {
		t.Errorf("%d campaigns, want 2", n)
	}
}

func TestIdemKeyRulesAndExemptOperations(t *testing.T) {
	env := servertest.Get(t)
	b, _ := newBrand(t, env)
	for name, value := range map[string]string{
		"too long":  strings.Repeat("k", 256),
		"non-ASCII": "clé-1",
		"empty":     "",
	} {
		r := env.CallWithHeaders(t, http.MethodPost, "/campaigns", b.token, http.Header{server.IdempotencyKeyHeader: {value}}, map[string]any{"name": "Bad key"})
		wantError(t, r, http.StatusBadRequest, "VALIDATION_ERROR")
		if d := r.Body["details"].([]any); len(d) != 1 || d[0].(map[string]any)["field"] != server.IdempotencyKeyHeader {
			t.Errorf("%s key: details %v", name, d)
		}
	}
	mustStatus(t, env.CallWithHeaders(t, http.MethodPost, "/campaigns", b.token, http.Header{server.IdempotencyKeyHeader: {strings.Repeat("~", 255)}}, map[string]any{"name": "Long key", "status": "paused"}), http.StatusCreated)
	if n := count(t, env, "SELECT count(*) FROM campaigns WHERE brand_id = $1", b.brandID()); n != 1 {
		t.Errorf("%d campaigns, want only the one with a valid key", n)
	}

	// Login has no caller to scope a key to: the key is ignored and each login answers afresh.
	email := uniqueEmail("idem")
	mustStatus(t, env.Call(t, http.MethodPost, "/auth/signup", "", signupBody("affiliate", email)), http.StatusCreated)
	key := idemKey()
	creds := map[string]any{"email": email, "password": "correct-horse"}
	one := mustStatus(t, env.CallWithHeaders(t, http.MethodPost, "/auth/login", "", key, creds), http.StatusOK)
	two := mustStatus(t, env.CallWithHeaders(t, http.MethodPost, "/auth/login", "", key, creds), http.StatusOK)
	if replayed(two) || data(one)["jwt"] == data(two)["jwt"] {
		t.Error("a login was replayed")
	}
	if n := count(t, env, "SELECT count(*) FROM idempotency_keys WHERE key = $1", key.Get(server.IdempotencyKeyHeader)); n != 0 {
		t.Errorf("a public operation stored its key: %d rows", n)
	}

	// An API key is stored only as a hash, so its answer is not kept: each request makes a key.
	// The key itself is taken (TestIdempotencyKeyReusedOnSecretOperation), its answer's body never.
	key = idemKey()
	k1 := mustStatus(t, env.CallWithHeaders(t, http.MethodPost, "/brands/api-keys", b.token, key, map[string]any{"name": "Retried"}), http.StatusCreated)
	k2 := mustStatus(t, env.CallWithHeaders(t, http.MethodPost, "/brands/api-keys", b.token, key, map[string]any{"name": "Retried"}), http.StatusCreated)
	if replayed(k2) || data(k1)["key"] == data(k2)["key"] {
		t.Error("an API key's answer was replayed")
	}
	if n := count(t, env, "SELECT count(*) FROM idempotency_keys WHERE key = $1 AND (response_body IS NOT NULL OR NOT withheld)", key.Get(server.IdempotencyKeyHeader)); n != 0 {
		t.Errorf("an API key's answer was stored: %d rows", n)
	}
}

// unsafeTriggers runs statements in a transaction that may put a trigger on a distributed table under
// Citus (make test-citus); plain PostgreSQL keeps the setting as a placeholder nothing reads.
func unsafeTriggers(ctx context.Context, env *servertest.Env, statements ...string) error {
	return pgx.BeginFunc(ctx, env.App.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SET LOCAL citus.enable_unsafe_triggers = on"); err != nil {
			return err
		}
		for _, stmt := range statements {
			if _, err := tx.Exec(ctx, stmt); err != nil {
				return err
			}
		}
		return nil
	})
}

// An Idempotency-Key sent again with another body answers the contract's 409
// IDEMPOTENCY_KEY_REUSED on an operation that once left it out (notification preferences), and
// the second body changes nothing.
func TestIdemReusedKeyOnPreferences(t *testing.T) {
	env := servertest.Get(t)
	a := newAccount(t, env, "affiliate")
	key := idemKey()
	first := map[string]any{"muted": []string{"payout_paid"}}
	mustStatus(t, env.CallWithHeaders(t, http.MethodPut, "/notifications/preferences", a.token, key, first), http.StatusOK)
	if r := mustStatus(t, env.CallWithHeaders(t, http.MethodPut, "/notifications/preferences", a.token, key, first), http.StatusOK); !replayed(r) {
		t.Error("the repeat with the same body is not a replay")
	}
	wantError(t, env.CallWithHeaders(t, http.MethodPut, "/notifications/preferences", a.token, key, map[string]any{"muted": []string{}}),
		http.StatusConflict, "IDEMPOTENCY_KEY_REUSED")
	muted := data(mustStatus(t, env.Call(t, http.MethodGet, "/notifications/preferences", a.token, nil), http.StatusOK))["muted"].([]any)
	if len(muted) != 1 || muted[0] != "payout_paid" {
		t.Errorf("a refused reuse of the key changed the preferences: %v", muted)
	}
}
