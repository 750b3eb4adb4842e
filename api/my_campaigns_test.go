package api_test

import (
	"net/http"
	"slices"
	"testing"

	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// TestMyCampaignsPagedAndFiltered: an affiliate's own campaigns come a page at a time, searched by
// name, narrowed to approved and active (the link form) or to the days a month shows (the
// calendar), and never include another affiliate's.
func TestMyCampaignsPagedAndFiltered(t *testing.T) {
	env := servertest.Get(t)
	brand, _ := newBrand(t, env)
	aff := newAccount(t, env, "affiliate")
	other := newAccount(t, env, "affiliate")

	alpha := createCampaign(t, env, brand.token, map[string]any{"name": "Alpha open"})
	beta := createCampaign(t, env, brand.token, map[string]any{"name": "Beta march", "start_date": "2026-03-01", "end_date": "2026-03-31"})
	gamma := createCampaign(t, env, brand.token, map[string]any{"name": "Gamma curated", "approval_mode": "manual"})
	delta := createCampaign(t, env, brand.token, map[string]any{"name": "Delta from May", "start_date": "2026-05-01"})
	theirs := createCampaign(t, env, brand.token, map[string]any{"name": "Theirs"})
	for _, c := range []map[string]any{alpha, beta, gamma, delta} {
		mustStatus(t, env.Call(t, http.MethodPost, "/campaigns/"+c["id"].(string)+"/join", aff.token, nil), http.StatusOK)
	}
	mustStatus(t, env.Call(t, http.MethodPost, "/campaigns/"+theirs["id"].(string)+"/join", other.token, nil), http.StatusOK)
	mustStatus(t, env.Call(t, http.MethodPut, "/campaigns/"+delta["id"].(string), brand.token, map[string]any{"status": "paused"}), http.StatusOK)

	mine := func(token, params string) (names []string, page map[string]any) {
		t.Helper()
		page = data(mustStatus(t, env.Call(t, http.MethodGet, "/campaigns/my-campaigns"+params, token, nil), http.StatusOK))
		for _, c := range page["campaigns"].([]any) {
			names = append(names, c.(map[string]any)["name"].(string))
		}
		slices.Sort(names)
		return names, page
	}
	same := func(got []string, want ...string) bool { return slices.Equal(got, want) }

	// Without parameters: the first page of 100, newest first, only its own.
	if names, page := mine(aff.token, ""); !same(names, "Alpha open", "Beta march", "Delta from May", "Gamma curated") ||
		page["total"] != 4.0 || page["limit"] != 100.0 || page["offset"] != 0.0 {
		t.Errorf("my campaigns: %v %v", names, page)
	}
	if names, page := mine(aff.token, "?limit=1&offset=1"); len(names) != 1 || page["total"] != 4.0 || page["limit"] != 1.0 || page["offset"] != 1.0 {
		t.Errorf("a page of one: %v %v", names, page)
	}
	byName := data(mustStatus(t, env.Call(t, http.MethodGet, "/campaigns/my-campaigns?sort=name&order=asc&limit=2", aff.token, nil), http.StatusOK))["campaigns"].([]any)
	if len(byName) != 2 || byName[0].(map[string]any)["name"] != "Alpha open" || byName[1].(map[string]any)["name"] != "Beta march" {
		t.Errorf("by name: %v", byName)
	}
	if names, page := mine(aff.token, "?query=BETA"); !same(names, "Beta march") || page["total"] != 1.0 {
		t.Errorf("searched: %v %v", names, page)
	}
	// The link form's choice: approved and active (Gamma waits for the brand, Delta is paused).
	if names, _ := mine(aff.token, "?membership_status=approved&status=active"); !same(names, "Alpha open", "Beta march") {
		t.Errorf("linkable: %v", names)
	}
	if names, _ := mine(aff.token, "?membership_status=pending"); !same(names, "Gamma curated") {
		t.Errorf("pending: %v", names)
	}
	// The calendar's month: April runs the campaigns without dates only; the edges are inclusive.
	if names, _ := mine(aff.token, "?from=2026-04-01&to=2026-04-30"); !same(names, "Alpha open", "Gamma curated") {
		t.Errorf("April: %v", names)
	}
	if names, _ := mine(aff.token, "?from=2026-03-31&to=2026-05-01"); !same(names, "Alpha open", "Beta march", "Delta from May", "Gamma curated") {
		t.Errorf("31 March to 1 May: %v", names)
	}
	// Another affiliate sees its own only, whatever it searches for.
	if names, page := mine(other.token, ""); !same(names, "Theirs") || page["total"] != 1.0 {
		t.Errorf("the other affiliate: %v %v", names, page)
	}
	if names, _ := mine(other.token, "?query=Alpha"); len(names) != 0 {
		t.Errorf("the other affiliate found %v", names)
	}
	wantError(t, env.Call(t, http.MethodGet, "/campaigns/my-campaigns?membership_status=maybe", aff.token, nil), http.StatusBadRequest, "VALIDATION_ERROR")
	wantError(t, env.Call(t, http.MethodGet, "/campaigns/my-campaigns?from=March", aff.token, nil), http.StatusBadRequest, "VALIDATION_ERROR")
}
