package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"github.com/openaffiliate/platform/gen/spec"
	"github.com/openaffiliate/platform/server"
	"github.com/openaffiliate/platform/server/domain/email"
	"github.com/openaffiliate/platform/server/domain/shopify"
	"github.com/openaffiliate/platform/server/domain/webhooks"
	"github.com/openaffiliate/platform/server/platform/jobs"
	"github.com/openaffiliate/platform/server/platform/mail"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

var allEventTypes = []string{"conversion.created", "conversion.status_changed", "payout.created", "payout.paid", "affiliate.applied", "affiliate.approved"}

// eventSchemas are the event catalogue's schemas in openapi.yaml, by event type.
var eventSchemas = map[string]string{
	"conversion.created": "WebhookEventConversionCreated", "conversion.status_changed": "WebhookEventConversionStatusChanged",
	"payout.created": "WebhookEventPayoutCreated", "payout.paid": "WebhookEventPayoutPaid",
	"affiliate.applied": "WebhookEventAffiliateApplied", "affiliate.approved": "WebhookEventAffiliateApproved",
	"webhook.test": "WebhookEventTest",
}

// validateEvent checks a body the platform sent against its event's schema in openapi.yaml.
func validateEvent(t *testing.T, eventType, body string) {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData(spec.YAML)
	if err != nil {
		t.Fatal(err)
	}
	name, ok := eventSchemas[eventType]
	if !ok {
		t.Fatalf("no schema for event type %q", eventType)
	}
	var v any
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatal(err)
	}
	if err := doc.Components.Schemas[name].Value.VisitJSON(v); err != nil {
		t.Errorf("%s payload does not match %s: %v\n%s", eventType, name, err, body)
	}
	if got := v.(map[string]any)["type"]; got != eventType {
		t.Errorf("payload type = %v, want %s", got, eventType)
	}
}

func createEndpoint(t *testing.T, env *servertest.Env, token, url string, types []string) (map[string]any, string) {
	t.Helper()
	d := data(mustStatus(t, env.Call(t, http.MethodPost, "/brands/webhooks", token, map[string]any{
		"url": url, "event_types": types, "description": "CRM",
	}), http.StatusCreated))
	return d["endpoint"].(map[string]any), d["secret"].(string)
}

func deliveriesOf(t *testing.T, env *servertest.Env, token, endpointID string) []map[string]any {
	t.Helper()
	list := data(mustStatus(t, env.Call(t, http.MethodGet, "/brands/webhooks/"+endpointID+"/deliveries", token, nil), http.StatusOK))["deliveries"].([]any)
	out := make([]map[string]any, len(list))
	for i, d := range list {
		out[i] = d.(map[string]any)
	}
	return out
}

// TestWebhookEndpoints: a brand registers, lists, changes, rotates and deletes its endpoints; the
// secret is answered only at creation and rotation; URLs the platform would never call are
// refused; another brand finds none of them.
func TestWebhookEndpoints(t *testing.T) {
	env := servertest.Get(t)
	b, _ := newBrand(t, env)
	other, _ := newBrand(t, env)
	aff := newAccount(t, env, "affiliate")

	for _, url := range []string{"http://hooks.example.com/in", "https://127.0.0.1/in", "https://10.1.2.3/in", "https://[::1]/in",
		"https://169.254.169.254/latest", "https://100.64.0.1/in", "https://localhost/in", "https://user:pw@hooks.example.com/in", "hooks.example.com"} {
		wantError(t, env.Call(t, http.MethodPost, "/brands/webhooks", b.token, map[string]any{"url": url, "event_types": []string{"payout.paid"}}),
			http.StatusBadRequest, "VALIDATION_ERROR")
	}
	wantError(t, env.Call(t, http.MethodPost, "/brands/webhooks", b.token, map[string]any{"url": "https://hooks.example.com/in", "event_types": []string{}}),
		http.StatusBadRequest, "VALIDATION_ERROR")
	wantError(t, env.Call(t, http.MethodPost, "/brands/webhooks", aff.token, map[string]any{"url": "https://hooks.example.com/in", "event_types": []string{"payout.paid"}}),
		http.StatusForbidden, "FORBIDDEN")

	ep, secret := createEndpoint(t, env, b.token, "https://hooks.example.com/in", []string{"payout.paid", "payout.paid", "affiliate.applied"})
	id := ep["id"].(string)
	if !strings.HasPrefix(secret, "whsec_") || len(secret) < 40 {
		t.Errorf("secret = %q, want whsec_ and base64", secret)
	}
	if _, err := standardwebhooks.NewWebhook(secret); err != nil {
		t.Errorf("the reference library refuses the secret: %v", err)
	}
	if got := ep["event_types"].([]any); len(got) != 2 || ep["enabled"] != true {
		t.Errorf("endpoint = %v, want two event types, enabled", ep)
	}
	list := mustStatus(t, env.Call(t, http.MethodGet, "/brands/webhooks", b.token, nil), http.StatusOK)
	if strings.Contains(string(list.Raw), secret[6:]) || len(data(list)["endpoints"].([]any)) != 1 {
		t.Errorf("list = %s, want the one endpoint without its secret", list.Raw)
	}
	up := data(mustStatus(t, env.Call(t, http.MethodPut, "/brands/webhooks/"+id, b.token, map[string]any{
		"url": "https://hooks.example.com/v2", "event_types": []string{"conversion.created"}, "enabled": false,
	}), http.StatusOK))["endpoint"].(map[string]any)
	if up["url"] != "https://hooks.example.com/v2" || up["enabled"] != false {
		t.Errorf("updated = %v", up)
	}
	rot := data(mustStatus(t, env.Call(t, http.MethodPost, "/brands/webhooks/"+id+"/rotate-secret", b.token, nil), http.StatusOK))
	if s := rot["secret"].(string); s == secret || !strings.HasPrefix(s, "whsec_") {
		t.Errorf("rotated secret = %q", s)
	}
	if rot["endpoint"].(map[string]any)["previous_secret_until"] == nil {
		t.Error("after a rotation the previous secret should sign for a while")
	}

	// Another brand: every operation on this endpoint answers 404, and its list is empty.
	for _, r := range []servertest.Response{
		env.Call(t, http.MethodPut, "/brands/webhooks/"+id, other.token, map[string]any{"url": "https://evil.example.com/", "event_types": []string{"payout.paid"}}),
		env.Call(t, http.MethodPost, "/brands/webhooks/"+id+"/rotate-secret", other.token, nil),
		env.Call(t, http.MethodPost, "/brands/webhooks/"+id+"/end-previous-secret", other.token, nil),
		env.Call(t, http.MethodPost, "/brands/webhooks/"+id+"/test", other.token, nil),
		env.Call(t, http.MethodGet, "/brands/webhooks/"+id+"/deliveries", other.token, nil),
		env.Call(t, http.MethodPost, "/brands/webhooks/"+id+"/deliveries/"+id+"/resend", other.token, nil),
		env.Call(t, http.MethodDelete, "/brands/webhooks/"+id, other.token, nil),
	} {
		wantError(t, r, http.StatusNotFound, "NOT_FOUND")
	}
	if n := len(data(mustStatus(t, env.Call(t, http.MethodGet, "/brands/webhooks", other.token, nil), http.StatusOK))["endpoints"].([]any)); n != 0 {
		t.Errorf("another brand lists %d endpoints", n)
	}
	// A test event is queued (this server's runner is not started: it stays pending).
	d := data(mustStatus(t, env.Call(t, http.MethodPost, "/brands/webhooks/"+id+"/test", b.token, nil), http.StatusAccepted))["delivery"].(map[string]any)
	validateEvent(t, "webhook.test", d["payload"].(string))
	mustStatus(t, env.Call(t, http.MethodDelete, "/brands/webhooks/"+id, b.token, nil), http.StatusOK)
	wantError(t, env.Call(t, http.MethodGet, "/brands/webhooks/"+id+"/deliveries", b.token, nil), http.StatusNotFound, "NOT_FOUND")
}

// TestWebhookEventsOfEveryType: the changes a brand's endpoint chose write one event each, in
// the payload the event catalogue in openapi.yaml says; another brand's endpoint hears none.
func TestWebhookEventsOfEveryType(t *testing.T) {
	env := servertest.Get(t)
	shop := newShop(t, env)
	p := shop.program
	other := newProgram(t, env)
	ep, _ := createEndpoint(t, env, p.brand.token, "https://hooks.example.com/all", allEventTypes)
	otherEp, _ := createEndpoint(t, env, other.brand.token, "https://hooks.example.com/other", allEventTypes)

	// affiliate.applied (and affiliate.approved, when the campaign approves by itself or by the brand).
	newcomer := newAccount(t, env, "affiliate")
	joined := data(mustStatus(t, env.Call(t, http.MethodPost, "/campaigns/"+p.campaign["id"].(string)+"/join", newcomer.token, nil), http.StatusOK))
	if app, _ := joined["application"].(map[string]any); app != nil && app["status"] == "pending" {
		mustStatus(t, env.Call(t, http.MethodPut, "/applications/"+app["id"].(string), p.brand.token, map[string]any{"status": "approved"}), http.StatusOK)
	}
	// conversion.created and conversion.status_changed (confirmed), payout.created and payout.paid.
	confirmedOrders(t, env, p, "HOOK10", "wh-1")
	made := payoutsOf(mustStatus(t, env.Call(t, http.MethodPost, "/payouts/generate", p.brand.token, map[string]any{}), http.StatusOK))
	if len(made) != 1 {
		t.Fatalf("payouts made: %v", made)
	}
	mustStatus(t, env.Call(t, http.MethodPost, "/payouts/"+made[0]["id"].(string)+"/pay", p.brand.token, map[string]any{"reference": "OP-1"}), http.StatusOK)
	// conversion.status_changed (rejected).
	c := data(mustStatus(t, env.Call(t, http.MethodPost, "/conversions/process", p.brand.token, map[string]any{
		"order_id": "wh-2", "order_total": "50.00", "currency": p.campaign["currency"], "discount_code": "HOOK10",
	}), http.StatusCreated))["conversion"].(map[string]any)
	mustStatus(t, env.Call(t, http.MethodPost, "/conversions/review", p.brand.token, map[string]any{"conversion_ids": []string{c["id"].(string)}, "decision": "reject"}), http.StatusOK)
	// conversion.status_changed (refunded: Shopify's sample refund takes 99.50 of order 5837293649217's
	// 199.00), then (reversed).
	refunded := confirmedOrdersOf(t, env, p, "HOOK10", "199.00", "5837293649217")
	mustStatus(t, shop.send(t, env, "refunds/create", "wh-hook-refund", shop.secret, sample(shopify.SampleRefund)), http.StatusOK)
	mustStatus(t, env.Call(t, http.MethodPost, "/conversions/review", p.brand.token, map[string]any{"conversion_ids": refunded, "decision": "reverse"}), http.StatusOK)

	seen := map[string]int{}
	changes := map[string]bool{}
	for _, d := range deliveriesOf(t, env, p.brand.token, ep["id"].(string)) {
		typ := d["event_type"].(string)
		seen[typ]++
		validateEvent(t, typ, d["payload"].(string))
		if typ == "conversion.status_changed" {
			var body struct{ Data struct{ Change string } }
			_ = json.Unmarshal([]byte(d["payload"].(string)), &body)
			changes[body.Data.Change] = true
		}
	}
	for _, typ := range allEventTypes {
		if seen[typ] == 0 {
			t.Errorf("no %s event; got %v", typ, seen)
		}
	}
	for _, change := range []string{"confirmed", "rejected", "refunded", "reversed"} {
		if !changes[change] {
			t.Errorf("status changes = %v, want %s among them", changes, change)
		}
	}
	if n := len(deliveriesOf(t, env, other.brand.token, otherEp["id"].(string))); n != 0 {
		t.Errorf("another brand's endpoint got %d events of this brand", n)
	}
}

// receiver is a test endpoint that answers the statuses it is given in turn (the last one
// after), and keeps what it received.
type receiver struct {
	mu       sync.Mutex
	statuses []int
	got      []receivedHook
	srv      *httptest.Server
}

type receivedHook struct {
	header http.Header
	body   []byte
}

func newReceiver(t *testing.T, statuses ...int) *receiver {
	r := &receiver{statuses: statuses}
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.got = append(r.got, receivedHook{header: req.Header.Clone(), body: body})
		status := r.statuses[min(len(r.got), len(r.statuses))-1]
		r.mu.Unlock()
		w.WriteHeader(status)
		_, _ = w.Write([]byte(`{"answer":"` + http.StatusText(status) + `"}`))
	}))
	t.Cleanup(r.srv.Close)
	return r
}

func (r *receiver) received() []receivedHook {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.got)
}

// startJobs starts a test server's job runner, stopped at the end.
func startJobs(t *testing.T, env *servertest.Env) {
	t.Helper()
	if err := env.App.Jobs.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = env.App.Jobs.Stop() })
}

// waitFor polls until ok, failing after 20 seconds.
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if ok() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

func fastWebhooks(allowPrivate bool) func(*server.Config) {
	return func(cfg *server.Config) {
		cfg.Jobs.FetchPoll = 50 * time.Millisecond
		cfg.Jobs.RetryPolicy = jobs.FixedRetry(100 * time.Millisecond)
		cfg.Webhooks.AllowPrivate = allowPrivate
		cfg.Webhooks.Backoff = []time.Duration{100 * time.Millisecond, 100 * time.Millisecond}
	}
}

// joinEvent makes an affiliate.applied event of the brand's campaign.
func joinEvent(t *testing.T, env *servertest.Env, campaignID string) {
	t.Helper()
	mustStatus(t, env.Call(t, http.MethodPost, "/campaigns/"+campaignID+"/join", newAccount(t, env, "affiliate").token, nil), http.StatusOK)
}

// TestWebhookDelivery: an event is signed so the Standard Webhooks reference library verifies it,
// retried after a 500 with the same webhook-id, and every attempt is in the log; after a
// rotation both secrets sign; a delivery failing through the whole backoff disables its endpoint
// and the brand is notified; a resend tries again.
func TestWebhookDelivery(t *testing.T) {
	env := servertest.Start(t, "", map[string]string{"WEBHOOKS_ALLOW_PRIVATE": "true"}, fastWebhooks(true))
	startJobs(t, env)
	b, _ := newBrand(t, env)
	campaign := createCampaign(t, env, b.token, map[string]any{"name": "Hooked"})["id"].(string)

	flaky := newReceiver(t, http.StatusInternalServerError, http.StatusOK)
	ep, secret := createEndpoint(t, env, b.token, flaky.srv.URL+"/hook", []string{"affiliate.applied"})
	joinEvent(t, env, campaign)
	waitFor(t, "a delivered event", func() bool {
		d := deliveriesOf(t, env, b.token, ep["id"].(string))
		return len(d) == 1 && d[0]["status"] == "succeeded"
	})
	got := flaky.received()
	if len(got) != 2 {
		t.Fatalf("the receiver got %d requests, want 2 (a 500, then a 200)", len(got))
	}
	wh, err := standardwebhooks.NewWebhook(secret)
	if err != nil {
		t.Fatal(err)
	}
	for i, h := range got {
		if err := wh.Verify(h.body, h.header); err != nil {
			t.Errorf("attempt %d does not verify with the reference library: %v (%v)", i+1, err, h.header)
		}
		validateEvent(t, "affiliate.applied", string(h.body))
	}
	if got[0].header.Get("webhook-id") != got[1].header.Get("webhook-id") || got[0].header.Get("webhook-id") == "" {
		t.Errorf("a retry has another webhook-id: %q, %q", got[0].header.Get("webhook-id"), got[1].header.Get("webhook-id"))
	}
	tampered := append([]byte{}, got[1].body...)
	tampered[len(tampered)-2] ^= 1
	if wh.Verify(tampered, got[1].header) == nil {
		t.Error("a changed body still verifies")
	}
	d := deliveriesOf(t, env, b.token, ep["id"].(string))[0]
	attempts := d["attempts"].([]any)
	if len(attempts) != 2 {
		t.Fatalf("log = %v, want two attempts", attempts)
	}
	first, second := attempts[0].(map[string]any), attempts[1].(map[string]any)
	if first["outcome"] != "failed" || first["response_code"] != 500.0 || first["attempt"] != 1.0 || !strings.Contains(first["excerpt"].(string), "Internal Server Error") {
		t.Errorf("first attempt = %v", first)
	}
	if second["outcome"] != "succeeded" || second["response_code"] != 200.0 || second["attempt"] != 2.0 {
		t.Errorf("second attempt = %v", second)
	}

	// Rotation: the test event carries two signatures, each verifying with its own secret.
	newSecret := data(mustStatus(t, env.Call(t, http.MethodPost, "/brands/webhooks/"+ep["id"].(string)+"/rotate-secret", b.token, nil), http.StatusOK))["secret"].(string)
	mustStatus(t, env.Call(t, http.MethodPost, "/brands/webhooks/"+ep["id"].(string)+"/test", b.token, nil), http.StatusAccepted)
	waitFor(t, "the test event", func() bool { return len(flaky.received()) == 3 })
	h := flaky.received()[2]
	if n := len(strings.Fields(h.header.Get("webhook-signature"))); n != 2 {
		t.Errorf("webhook-signature = %q, want two signatures during the overlap", h.header.Get("webhook-signature"))
	}
	for _, s := range []string{secret, newSecret} {
		w, _ := standardwebhooks.NewWebhook(s)
		if err := w.Verify(h.body, h.header); err != nil {
			t.Errorf("during the overlap a secret does not verify: %v", err)
		}
	}
	validateEvent(t, "webhook.test", string(h.body))

	// Ending the previous secret now: the next delivery carries the new secret's signature alone.
	ended := data(mustStatus(t, env.Call(t, http.MethodPost, "/brands/webhooks/"+ep["id"].(string)+"/end-previous-secret", b.token, nil), http.StatusOK))["endpoint"].(map[string]any)
	if ended["previous_secret_until"] != nil {
		t.Errorf("after ending the previous secret: %v, want previous_secret_until null", ended)
	}
	mustStatus(t, env.Call(t, http.MethodPost, "/brands/webhooks/"+ep["id"].(string)+"/end-previous-secret", b.token, nil), http.StatusOK) // again: unchanged
	mustStatus(t, env.Call(t, http.MethodPost, "/brands/webhooks/"+ep["id"].(string)+"/test", b.token, nil), http.StatusAccepted)
	waitFor(t, "the test event after the previous secret ended", func() bool { return len(flaky.received()) == 4 })
	h = flaky.received()[3]
	if n := len(strings.Fields(h.header.Get("webhook-signature"))); n != 1 {
		t.Errorf("webhook-signature = %q, want the new secret's alone", h.header.Get("webhook-signature"))
	}
	if w, _ := standardwebhooks.NewWebhook(newSecret); w.Verify(h.body, h.header) != nil {
		t.Error("the new secret does not verify")
	}
	if w, _ := standardwebhooks.NewWebhook(secret); w.Verify(h.body, h.header) == nil {
		t.Error("the ended secret still verifies")
	}

	// Failing for the whole backoff (three attempts here): the endpoint is disabled, the brand told.
	down := newReceiver(t, http.StatusServiceUnavailable)
	dead, _ := createEndpoint(t, env, b.token, down.srv.URL+"/hook", []string{"affiliate.applied"})
	joinEvent(t, env, campaign)
	waitFor(t, "a failed delivery", func() bool {
		d := deliveriesOf(t, env, b.token, dead["id"].(string))
		return len(d) == 1 && d[0]["status"] == "failed"
	})
	if n := len(deliveriesOf(t, env, b.token, dead["id"].(string))[0]["attempts"].([]any)); n != 3 || len(down.received()) != 3 {
		t.Errorf("%d attempts logged, %d received, want 3", n, len(down.received()))
	}
	var disabled map[string]any
	for _, e := range data(mustStatus(t, env.Call(t, http.MethodGet, "/brands/webhooks", b.token, nil), http.StatusOK))["endpoints"].([]any) {
		if e := e.(map[string]any); e["id"] == dead["id"] {
			disabled = e
		}
	}
	if disabled["enabled"] != false || disabled["disabled_reason"] != "failing" {
		t.Errorf("endpoint after the retry window = %v, want disabled, failing", disabled)
	}
	told := false
	for _, n := range data(mustStatus(t, env.Call(t, http.MethodGet, "/notifications", b.token, nil), http.StatusOK))["notifications"].([]any) {
		n := n.(map[string]any)
		told = told || (n["kind"] == "webhook_endpoint_disabled" && n["params"].(map[string]any)["hostname"] == strings.TrimPrefix(down.srv.URL, "http://"))
	}
	if !told {
		t.Error("the brand was not notified of the disabled endpoint")
	}
	// A disabled endpoint hears no new events; a resend of the failed delivery tries once more
	// only after it is enabled again.
	joinEvent(t, env, campaign)
	mustStatus(t, env.Call(t, http.MethodPut, "/brands/webhooks/"+dead["id"].(string), b.token, map[string]any{
		"url": down.srv.URL + "/hook", "event_types": []string{"affiliate.applied"}, "enabled": true,
	}), http.StatusOK)
	failed := deliveriesOf(t, env, b.token, dead["id"].(string))
	if len(failed) != 1 {
		t.Fatalf("a disabled endpoint got %d deliveries, want the one from before", len(failed))
	}
	mustStatus(t, env.Call(t, http.MethodPost, "/brands/webhooks/"+dead["id"].(string)+"/deliveries/"+failed[0]["id"].(string)+"/resend", b.token, nil), http.StatusAccepted)
	waitFor(t, "the resent delivery's attempts", func() bool { return len(down.received()) >= 4 })
}

// TestWebhookRefusesPrivateAddresses: without WEBHOOKS_ALLOW_PRIVATE, a delivery to an endpoint
// whose address turns out to be loopback (as after a DNS change) is refused when dialling, never
// reaches it, and the refusal is logged as an attempt.
func TestWebhookRefusesPrivateAddresses(t *testing.T) {
	env := servertest.Start(t, "", nil, fastWebhooks(false))
	startJobs(t, env)
	b, _ := newBrand(t, env)
	campaign := createCampaign(t, env, b.token, map[string]any{"name": "Guarded"})["id"].(string)
	inside := newReceiver(t, http.StatusOK)
	ep, _ := createEndpoint(t, env, b.token, "https://hooks.example.com/in", []string{"affiliate.applied"})
	// The saved URL passed the check; the address it leads to now is loopback.
	if _, err := env.App.Pool.Exec(context.Background(), `UPDATE webhook_endpoints SET url = $1 WHERE id = $2`, inside.srv.URL+"/hook", ep["id"]); err != nil {
		t.Fatal(err)
	}
	joinEvent(t, env, campaign)
	waitFor(t, "a refused attempt", func() bool {
		d := deliveriesOf(t, env, b.token, ep["id"].(string))
		return len(d) == 1 && len(d[0]["attempts"].([]any)) > 0
	})
	a := deliveriesOf(t, env, b.token, ep["id"].(string))[0]["attempts"].([]any)[0].(map[string]any)
	// The log says why in fixed words, as the tracking-domain check does: not the address dialled.
	if a["outcome"] != "refused" || a["response_code"] != nil || a["error"] != "address not allowed" {
		t.Errorf("attempt = %v, want refused: address not allowed", a)
	}
	if n := len(inside.received()); n != 0 {
		t.Errorf("the loopback receiver got %d requests", n)
	}
	// A name that does not resolve: nor the resolver's address.
	if _, err := env.App.Pool.Exec(context.Background(), `UPDATE webhook_endpoints SET url = 'https://nowhere.invalid/hook' WHERE id = $1`, ep["id"]); err != nil {
		t.Fatal(err)
	}
	test := data(mustStatus(t, env.Call(t, http.MethodPost, "/brands/webhooks/"+ep["id"].(string)+"/test", b.token, nil), http.StatusAccepted))["delivery"].(map[string]any)
	waitFor(t, "the test event's attempt", func() bool {
		d := deliveriesOf(t, env, b.token, ep["id"].(string))
		return d[0]["id"] == test["id"] && len(d[0]["attempts"].([]any)) == 1
	})
	a = deliveriesOf(t, env, b.token, ep["id"].(string))[0]["attempts"].([]any)[0].(map[string]any)
	if a["outcome"] != "failed" || a["error"] != "name not resolved" {
		t.Errorf("attempt = %v, want failed: name not resolved", a)
	}
}

// TestWebhookURLRulesWhenSaved: an endpoint URL the delivery would refuse, or that is not well
// formed, is refused when created and when changed, naming the url field, and nothing is stored.
func TestWebhookURLRulesWhenSaved(t *testing.T) {
	env := servertest.Get(t)
	b, _ := newBrand(t, env)
	ep, _ := createEndpoint(t, env, b.token, "https://hooks.example.com/in", []string{"payout.paid"})
	for _, url := range []string{"https://[::7f00:1]/in", "https://[2002:7f00:1::]/in", "https://[2002:a00:1::1]/in", "https://127.1/in",
		"https://2130706433/in", "https://[64:ff9b::7f00:1]/in", "https://hooks.example.com:0/in", "https://hooks.example.com:65536/in",
		"https://hooks.example.com/a b", "https://hooks.example.com/a\nb", "https://hooks.example.com/in\n", " https://hooks.example.com/in"} {
		for _, r := range []servertest.Response{
			env.Call(t, http.MethodPost, "/brands/webhooks", b.token, map[string]any{"url": url, "event_types": []string{"payout.paid"}}),
			env.Call(t, http.MethodPut, "/brands/webhooks/"+ep["id"].(string), b.token, map[string]any{"url": url, "event_types": []string{"payout.paid"}}),
		} {
			wantError(t, r, http.StatusBadRequest, "VALIDATION_ERROR")
			if d := r.Body["details"].([]any); len(d) != 1 || d[0].(map[string]any)["field"] != "url" {
				t.Errorf("%q: details %v, want the url field", url, d)
			}
		}
	}
	list := data(mustStatus(t, env.Call(t, http.MethodGet, "/brands/webhooks", b.token, nil), http.StatusOK))["endpoints"].([]any)
	if len(list) != 1 || list[0].(map[string]any)["url"] != "https://hooks.example.com/in" {
		t.Errorf("endpoints after the refusals: %v", list)
	}
}

// TestWebhookEndpointLimit: a brand has at most 10 endpoints, even when it asks for many at once;
// the next answers 409 CONFLICT until one is deleted, and another brand is not affected.
func TestWebhookEndpointLimit(t *testing.T) {
	env := servertest.Get(t)
	b, _ := newBrand(t, env)
	other, _ := newBrand(t, env)
	statuses := make([]int, 14)
	var wg sync.WaitGroup
	for i := range statuses {
		wg.Go(func() {
			statuses[i] = env.Call(t, http.MethodPost, "/brands/webhooks", b.token, map[string]any{
				"url": "https://hooks.example.com/in/" + strconv.Itoa(i), "event_types": []string{"payout.paid"},
			}).Status
		})
	}
	wg.Wait()
	created, refused := 0, 0
	for _, s := range statuses {
		switch s {
		case http.StatusCreated:
			created++
		case http.StatusConflict:
			refused++
		}
	}
	if created != 10 || refused != 4 {
		t.Fatalf("14 endpoints asked for at once: %d created, %d refused (%v), want 10 and 4", created, refused, statuses)
	}
	r := env.Call(t, http.MethodPost, "/brands/webhooks", b.token, map[string]any{"url": "https://hooks.example.com/more", "event_types": []string{"payout.paid"}})
	wantError(t, r, http.StatusConflict, "CONFLICT")
	if !strings.Contains(r.Body["error"].(string), "10") {
		t.Errorf("the refusal does not say the limit: %s", r.Raw)
	}
	createEndpoint(t, env, other.token, "https://hooks.example.com/other", []string{"payout.paid"})
	list := data(mustStatus(t, env.Call(t, http.MethodGet, "/brands/webhooks", b.token, nil), http.StatusOK))["endpoints"].([]any)
	if len(list) != 10 {
		t.Fatalf("%d endpoints listed, want 10", len(list))
	}
	mustStatus(t, env.Call(t, http.MethodDelete, "/brands/webhooks/"+list[0].(map[string]any)["id"].(string), b.token, nil), http.StatusOK)
	createEndpoint(t, env, b.token, "https://hooks.example.com/again", []string{"payout.paid"})
}

// TestWebhookTestAndResendLimits: a brand sends at most 20 test events and 60 resends in 15
// minutes; the next answers 429 with Retry-After, queues nothing, and another brand still may.
func TestWebhookTestAndResendLimits(t *testing.T) {
	env := servertest.Get(t)
	b, _ := newBrand(t, env)
	other, _ := newBrand(t, env)
	ep, _ := createEndpoint(t, env, b.token, "https://hooks.example.com/in", []string{"payout.paid"})
	id := ep["id"].(string)
	var delivery string
	for range 20 {
		delivery = data(mustStatus(t, env.Call(t, http.MethodPost, "/brands/webhooks/"+id+"/test", b.token, nil), http.StatusAccepted))["delivery"].(map[string]any)["id"].(string)
	}
	limited := func(r servertest.Response) {
		t.Helper()
		wantError(t, r, http.StatusTooManyRequests, "RATE_LIMITED")
		if s, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || s < 1 || s > 900 {
			t.Errorf("Retry-After = %q", r.Header.Get("Retry-After"))
		}
	}
	limited(env.Call(t, http.MethodPost, "/brands/webhooks/"+id+"/test", b.token, nil))
	if n := len(deliveriesOf(t, env, b.token, id)); n != 20 {
		t.Errorf("%d deliveries after the refused test event, want 20", n)
	}
	for range 60 {
		mustStatus(t, env.Call(t, http.MethodPost, "/brands/webhooks/"+id+"/deliveries/"+delivery+"/resend", b.token, nil), http.StatusAccepted)
	}
	limited(env.Call(t, http.MethodPost, "/brands/webhooks/"+id+"/deliveries/"+delivery+"/resend", b.token, nil))
	otherEp, _ := createEndpoint(t, env, other.token, "https://hooks.example.com/other", []string{"payout.paid"})
	mustStatus(t, env.Call(t, http.MethodPost, "/brands/webhooks/"+otherEp["id"].(string)+"/test", other.token, nil), http.StatusAccepted)
}

// slowReceiver holds every request until the test ends, counting those it holds at once.
type slowReceiver struct {
	srv               *httptest.Server
	held, most, total atomic.Int32
}

func newSlowReceiver(t *testing.T) *slowReceiver {
	r := &slowReceiver{}
	release := make(chan struct{})
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		r.total.Add(1)
		n := r.held.Add(1)
		for m := r.most.Load(); n > m && !r.most.CompareAndSwap(m, n); m = r.most.Load() {
		}
		select {
		case <-release:
		case <-time.After(20 * time.Second):
		}
		r.held.Add(-1)
		w.WriteHeader(http.StatusOK)
	}))
	t.Cleanup(func() { close(release); r.srv.Close() })
	return r
}

// sentMail records the mail the platform sends instead of sending it.
type sentMail struct {
	mu sync.Mutex
	at map[string]time.Time
}

func (m *sentMail) Send(_ context.Context, msg mail.Message) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.at[msg.To] = time.Now()
	return nil
}

func (m *sentMail) sentTo(address string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.at[address]
	return ok
}

// TestSlowWebhooksOfOneBrandDelayNobodyElse: a brand's many deliveries to an endpoint that never
// answers hold at most its share of the delivery workers, and none of the platform's: a
// confirmation mail and another brand's delivery go out at once meanwhile.
func TestSlowWebhooksOfOneBrandDelayNobodyElse(t *testing.T) {
	mails := &sentMail{at: map[string]time.Time{}}
	env := servertest.Start(t, "", map[string]string{"WEBHOOKS_ALLOW_PRIVATE": "true", "SMTP_URL": "smtp://127.0.0.1:1?tls=none", "MAIL_FROM": "OpenAffiliate <no-reply@affiliate.test>"},
		func(cfg *server.Config) {
			fastWebhooks(true)(cfg)
			cfg.MailVia = func(email.Deliverer) email.Deliverer { return mails }
			cfg.Jobs.Workers = 3
			cfg.Jobs.Queues[webhooks.Queue] = 4
			cfg.Webhooks.Limits.Running = 2
			cfg.Webhooks.Limits.Wait = 100 * time.Millisecond
			cfg.Webhooks.Timeout = 30 * time.Second
		})
	startJobs(t, env)
	slow := newSlowReceiver(t)
	fast := newReceiver(t, http.StatusOK)
	a, _ := newBrand(t, env)
	b, _ := newBrand(t, env)
	stuck, _ := createEndpoint(t, env, a.token, slow.srv.URL+"/hook", []string{"payout.paid"})
	for range 15 {
		mustStatus(t, env.Call(t, http.MethodPost, "/brands/webhooks/"+stuck["id"].(string)+"/test", a.token, nil), http.StatusAccepted)
	}
	waitFor(t, "the slow endpoint to hold its share", func() bool { return slow.held.Load() >= 2 })

	start := time.Now()
	address, _ := signupIn(t, env, "affiliate", "en")
	ep, _ := createEndpoint(t, env, b.token, fast.srv.URL+"/hook", []string{"payout.paid"})
	mustStatus(t, env.Call(t, http.MethodPost, "/brands/webhooks/"+ep["id"].(string)+"/test", b.token, nil), http.StatusAccepted)
	for deadline := start.Add(5 * time.Second); !mails.sentTo(address) || len(fast.received()) == 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("after %s: mail sent %v, other brand's deliveries %d, while the slow endpoint holds %d",
				time.Since(start), mails.sentTo(address), len(fast.received()), slow.held.Load())
		}
	}
	time.Sleep(300 * time.Millisecond) // time for more of the brand's deliveries to start, were the bound not kept
	if most := slow.most.Load(); most != 2 {
		t.Errorf("the slow endpoint held %d deliveries at once, want the brand's share, 2", most)
	}
	var snoozed int
	if err := env.App.Pool.QueryRow(context.Background(), `SELECT count(*) FROM river_job WHERE kind = 'webhooks.deliver'
		AND queue = $1 AND state IN ('available', 'scheduled') AND attempt = 0 AND metadata ? 'snoozes'`, webhooks.Queue).Scan(&snoozed); err != nil {
		t.Fatal(err)
	}
	if snoozed == 0 {
		t.Error("the brand's deliveries over its share do not wait (snoozed, without an attempt) in the webhooks queue")
	}
}

// TestWebhookLimitsAreTheContracts: the limits the server keeps are the ones openapi.yaml states.
func TestWebhookLimitsAreTheContracts(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromData(spec.YAML)
	if err != nil {
		t.Fatal(err)
	}
	l := webhooks.DefaultLimits
	for path, want := range map[string]string{
		"/brands/webhooks":                                             fmt.Sprintf("A brand has at most %d endpoints", l.Endpoints),
		"/brands/webhooks/{endpointId}/test":                           fmt.Sprintf("may send %d test events in %d minutes", l.Tests.Max, int(l.Tests.Window.Minutes())),
		"/brands/webhooks/{endpointId}/deliveries/{deliveryId}/resend": fmt.Sprintf("resend %d deliveries in %d minutes", l.Resends.Max, int(l.Resends.Window.Minutes())),
	} {
		if d := strings.Join(strings.Fields(doc.Paths.Find(path).Post.Description), " "); !strings.Contains(d, want) {
			t.Errorf("POST %s says %q, want %q", path, d, want)
		}
	}
}
