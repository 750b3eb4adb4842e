package api_test

import (
	"net/http"
	"testing"

	"github.com/openaffiliate/platform/server/testkit/servertest"
)

func notificationsOf(t *testing.T, env *servertest.Env, token, query string) ([]map[string]any, float64) {
	t.Helper()
	d := data(mustStatus(t, env.Call(t, http.MethodGet, "/notifications"+query, token, nil), http.StatusOK))
	list := d["notifications"].([]any)
	out := make([]map[string]any, len(list))
	for i, n := range list {
		out[i] = n.(map[string]any)
	}
	return out, d["unread"].(float64)
}

func kinds(list []map[string]any) []string {
	out := make([]string, len(list))
	for i, n := range list {
		out[i] = n["kind"].(string)
	}
	return out
}

// TestNotifications: an affiliate hears of decisions on its conversions (one notification per
// decision, brand and currency) and of its paid payout; it marks them read and mutes a kind;
// nobody else reads or marks them.
func TestNotifications(t *testing.T) {
	env := servertest.Get(t)
	p, other := newProgram(t, env), newProgram(t, env)
	cur := p.campaign["currency"].(string)

	// Two confirmed at once (one notification), then a payout paid.
	confirmedOrders(t, env, p, "TELL10", "tell-1", "tell-2")
	list, unread := notificationsOf(t, env, p.affiliate.token, "")
	if len(list) != 1 || unread != 1 {
		t.Fatalf("after two confirmations: %v (unread %v)", list, unread)
	}
	confirmed := list[0]
	params := confirmed["params"].(map[string]any)
	if confirmed["kind"] != "conversions_confirmed" || params["count"] != float64(2) || params["amount"] != "40.00" ||
		params["currency"] != cur || params["brand_name"] == nil || confirmed["read"] != false {
		t.Errorf("confirmation notice: %v", confirmed)
	}
	payout := payoutsOf(mustStatus(t, env.Call(t, http.MethodPost, "/payouts/generate", p.brand.token, map[string]any{}), http.StatusOK))[0]["id"].(string)
	mustStatus(t, env.Call(t, http.MethodPost, "/payouts/"+payout+"/pay", p.brand.token, map[string]any{"reference": "OP-77"}), http.StatusOK)
	list, unread = notificationsOf(t, env, p.affiliate.token, "")
	if len(list) != 3 || unread != 3 || list[0]["kind"] != "payout_paid" || list[0]["entity_id"] != payout ||
		list[1]["kind"] != "payout_created" || list[1]["entity_id"] != payout {
		t.Fatalf("after the payout: %v", list)
	}
	if pp := list[0]["params"].(map[string]any); pp["amount"] != "40.00" || pp["reference"] != "OP-77" || pp["count"] != float64(2) {
		t.Errorf("payout notice: %v", pp)
	}

	// Nobody else reads or marks them.
	if theirs, _ := notificationsOf(t, env, other.affiliate.token, ""); len(theirs) != 0 {
		t.Errorf("another affiliate reads %v", theirs)
	}
	wantError(t, env.Call(t, http.MethodPost, "/notifications/read", other.affiliate.token, map[string]any{"ids": []string{confirmed["id"].(string)}}), http.StatusNotFound, "NOT_FOUND")
	// The brand has notifications of its own (none of its affiliates'); the host has none.
	if theirs, _ := notificationsOf(t, env, p.brand.token, ""); len(theirs) != 0 {
		t.Errorf("the brand reads %v", theirs)
	}
	wantError(t, env.Call(t, http.MethodPost, "/notifications/read", p.brand.token, map[string]any{"ids": []string{confirmed["id"].(string)}}), http.StatusNotFound, "NOT_FOUND")
	host := hostToken(t, env)
	wantError(t, env.Call(t, http.MethodGet, "/notifications", host, nil), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodPost, "/notifications/read", host, map[string]any{"all": true}), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodPost, "/notifications/read", p.affiliate.token, map[string]any{}), http.StatusBadRequest, "VALIDATION_ERROR")

	// Marked read, one, then all.
	left := data(mustStatus(t, env.Call(t, http.MethodPost, "/notifications/read", p.affiliate.token, map[string]any{"ids": []string{confirmed["id"].(string)}}), http.StatusOK))["unread"]
	if left != float64(2) {
		t.Errorf("unread after one read: %v", left)
	}
	if unreadOnly, _ := notificationsOf(t, env, p.affiliate.token, "?unread=true"); len(unreadOnly) != 2 || unreadOnly[0]["kind"] != "payout_paid" {
		t.Errorf("unread ones: %v", unreadOnly)
	}
	mustStatus(t, env.Call(t, http.MethodPost, "/notifications/read", p.affiliate.token, map[string]any{"all": true}), http.StatusOK)
	if _, unread = notificationsOf(t, env, p.affiliate.token, ""); unread != 0 {
		t.Errorf("unread after all read: %v", unread)
	}

	// A muted kind is not created; the others still are.
	wantError(t, env.Call(t, http.MethodPut, "/notifications/preferences", p.affiliate.token, map[string]any{"muted": []string{"spam"}}), http.StatusBadRequest, "VALIDATION_ERROR")
	prefs := data(mustStatus(t, env.Call(t, http.MethodPut, "/notifications/preferences", p.affiliate.token, map[string]any{"muted": []string{"conversions_confirmed", "conversions_confirmed"}}), http.StatusOK))
	if m := prefs["muted"].([]any); len(m) != 1 || m[0] != "conversions_confirmed" {
		t.Errorf("muted: %v", m)
	}
	if got := data(mustStatus(t, env.Call(t, http.MethodGet, "/notifications/preferences", p.affiliate.token, nil), http.StatusOK))["muted"].([]any); len(got) != 1 {
		t.Errorf("read back: %v", got)
	}
	more := confirmedOrders(t, env, p, "TELL10", "tell-3")
	mustStatus(t, env.Call(t, http.MethodPost, "/conversions/review", p.brand.token, map[string]any{"conversion_ids": more, "decision": "reverse"}), http.StatusOK)
	list, _ = notificationsOf(t, env, p.affiliate.token, "")
	if got := kinds(list); len(got) != 4 || got[0] != "conversion_reversed" {
		t.Errorf("after a muted confirmation and a reversal: %v", got)
	}
	if rp := list[0]["params"].(map[string]any); rp["order_id"] != "tell-3" || rp["amount"] != "20.00" {
		t.Errorf("reversal notice: %v", rp)
	}
}

// TestApplicationNotifications: the brand's decision on an application reaches its affiliate.
func TestApplicationNotifications(t *testing.T) {
	env := servertest.Get(t)
	b, domain := newBrand(t, env)
	c := createCampaign(t, env, b.token, map[string]any{"name": "Manual", "homepage_url": "https://" + domain + "/", "approval_mode": "manual"})
	aff := newAccount(t, env, "affiliate")
	mustStatus(t, env.Call(t, http.MethodPost, "/campaigns/"+c["id"].(string)+"/join", aff.token, nil), http.StatusOK)
	apps := data(mustStatus(t, env.Call(t, http.MethodGet, "/applications?status=pending", b.token, nil), http.StatusOK))["applications"].([]any)
	var app string
	for _, a := range apps {
		if m := a.(map[string]any); m["campaign_id"] == c["id"] {
			app = m["id"].(string)
		}
	}
	if list, _ := notificationsOf(t, env, aff.token, ""); len(list) != 0 {
		t.Fatalf("before the decision: %v", list)
	}
	mustStatus(t, env.Call(t, http.MethodPost, "/applications/"+app+"/approve", b.token, nil), http.StatusOK)
	list, unread := notificationsOf(t, env, aff.token, "")
	if len(list) != 1 || unread != 1 || list[0]["kind"] != "application_approved" || list[0]["entity_id"] != c["id"] {
		t.Fatalf("after approval: %v", list)
	}
	if p := list[0]["params"].(map[string]any); p["campaign_name"] != "Manual" || p["brand_name"] == nil {
		t.Errorf("params: %v", p)
	}
	// The same decision again tells nothing new.
	mustStatus(t, env.Call(t, http.MethodPost, "/applications/"+app+"/approve", b.token, nil), http.StatusOK)
	if list, _ := notificationsOf(t, env, aff.token, ""); len(list) != 1 {
		t.Errorf("a repeated approval notified again: %v", list)
	}
}
