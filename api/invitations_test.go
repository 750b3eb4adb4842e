package api_test

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
	"testing"

	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// TestInviteOnlyCampaign: an invite-only campaign is seen only by the affiliates its brand invited;
// joining it is approved at once; the invited affiliate is told; nobody else can invite or see.
func TestInviteOnlyCampaign(t *testing.T) {
	env := servertest.Get(t)
	b, domain := newBrand(t, env)
	c := createCampaign(t, env, b.token, map[string]any{
		"name": "Private", "homepage_url": "https://" + domain + "/", "visibility": "invite_only", "approval_mode": "manual",
	})
	id := c["id"].(string)
	guest, stranger := newAccount(t, env, "affiliate"), newAccount(t, env, "affiliate")
	other, _ := newBrand(t, env)

	seen := func(token string) bool {
		for _, x := range data(mustStatus(t, env.Call(t, http.MethodGet, "/campaigns?limit=1000", token, nil), http.StatusOK))["campaigns"].([]any) {
			if x.(map[string]any)["id"] == id {
				return true
			}
		}
		return false
	}
	if seen(guest.token) {
		t.Fatal("an invite-only campaign is seen before any invitation")
	}
	wantError(t, env.Call(t, http.MethodPost, "/campaigns/"+id+"/join", guest.token, nil), http.StatusNotFound, "NOT_FOUND")

	invite := func(token, email string) servertest.Response {
		return env.Call(t, http.MethodPost, "/campaigns/"+id+"/invitations", token, map[string]any{"email": email})
	}
	email := guest.user["email"].(string)
	wantError(t, invite(other.token, email), http.StatusNotFound, "NOT_FOUND")
	wantError(t, invite(guest.token, email), http.StatusForbidden, "FORBIDDEN")
	wantError(t, invite(b.token, "not an address"), http.StatusBadRequest, "VALIDATION_ERROR")
	inv := data(mustStatus(t, invite(b.token, "  "+strings.ToUpper(email)+" "), http.StatusCreated))["invitation"].(map[string]any)
	if inv["email"] != strings.ToLower(email) || inv["membership_status"] != nil || inv["affiliate_id"] != nil || inv["affiliate_name"] != nil {
		t.Fatalf("invitation: %v", inv)
	}
	mustStatus(t, invite(b.token, email), http.StatusCreated) // again: still one
	list := data(mustStatus(t, env.Call(t, http.MethodGet, "/campaigns/"+id+"/invitations", b.token, nil), http.StatusOK))["invitations"].([]any)
	if len(list) != 1 {
		t.Fatalf("invitations: %v", list)
	}
	wantError(t, env.Call(t, http.MethodGet, "/campaigns/"+id+"/invitations", other.token, nil), http.StatusNotFound, "NOT_FOUND")

	// The guest sees it, is told, and joins approved (the campaign approves by hand otherwise).
	if !seen(guest.token) || seen(stranger.token) {
		t.Fatalf("seen by the guest %v, by a stranger %v", seen(guest.token), seen(stranger.token))
	}
	for _, x := range data(mustStatus(t, env.Call(t, http.MethodGet, "/campaigns?limit=1000", guest.token, nil), http.StatusOK))["campaigns"].([]any) {
		if m := x.(map[string]any); m["id"] == id && m["invited"] != true {
			t.Errorf("the guest's campaign: invited = %v", m["invited"])
		}
	}
	if notes, _ := notificationsOf(t, env, guest.token, ""); len(notes) != 1 || notes[0]["kind"] != "campaign_invited" {
		t.Errorf("notifications: %v", notes)
	}
	joined := data(mustStatus(t, env.Call(t, http.MethodPost, "/campaigns/"+id+"/join", guest.token, nil), http.StatusOK))["application"].(map[string]any)
	if joined["status"] != "approved" {
		t.Errorf("joined: %v", joined)
	}
	wantError(t, env.Call(t, http.MethodPost, "/campaigns/"+id+"/join", stranger.token, nil), http.StatusNotFound, "NOT_FOUND")

	// Joined: the brand's list now names the affiliate, as its application does.
	list = data(mustStatus(t, env.Call(t, http.MethodGet, "/campaigns/"+id+"/invitations", b.token, nil), http.StatusOK))["invitations"].([]any)
	if got := list[0].(map[string]any); got["affiliate_id"] != affiliateOf(t, env, guest.id()) || got["membership_status"] != "approved" || got["affiliate_name"] == nil {
		t.Errorf("the joined invitation: %v", got)
	}

	// Withdrawn: the membership stays; another brand cannot withdraw.
	invID := inv["id"].(string)
	wantError(t, env.Call(t, http.MethodDelete, "/campaigns/"+id+"/invitations/"+invID, other.token, nil), http.StatusNotFound, "NOT_FOUND")
	mustStatus(t, env.Call(t, http.MethodDelete, "/campaigns/"+id+"/invitations/"+invID, b.token, nil), http.StatusOK)
	wantError(t, env.Call(t, http.MethodDelete, "/campaigns/"+id+"/invitations/"+invID, b.token, nil), http.StatusNotFound, "NOT_FOUND")
	if !seen(guest.token) {
		t.Error("a member no longer sees its campaign once its invitation is withdrawn")
	}
}

// TestInvitingAnswersTheSameForEveryEmail: an email with an affiliate account, one without, and a
// record the host made whose person has not signed up all answer 201 with the same fields; the
// ones without an account stay pending, and inviting again once the person has an account
// reaches it.
func TestInvitingAnswersTheSameForEveryEmail(t *testing.T) {
	env := servertest.Get(t)
	b, domain := newBrand(t, env)
	c := createCampaign(t, env, b.token, map[string]any{
		"name": "Private", "homepage_url": "https://" + domain + "/", "visibility": "invite_only", "approval_mode": "manual",
	})
	id := c["id"].(string)
	known := newAccount(t, env, "affiliate")
	hostMade := uniqueEmail("host-made")
	mustStatus(t, env.Call(t, http.MethodPost, "/affiliates", hostToken(t, env), map[string]any{"name": "Host Made", "email": hostMade}), http.StatusCreated)
	later := uniqueEmail("later")

	shape := func(r servertest.Response) string {
		inv := data(mustStatus(t, r, http.StatusCreated))["invitation"].(map[string]any)
		keys := make([]string, 0, len(inv))
		for k, v := range inv {
			if k == "id" || k == "email" || k == "created_at" {
				continue
			}
			keys = append(keys, fmt.Sprintf("%s=%v", k, v))
		}
		sort.Strings(keys)
		return strings.Join(keys, ",")
	}
	invite := func(email string) servertest.Response {
		return env.Call(t, http.MethodPost, "/campaigns/"+id+"/invitations", b.token, map[string]any{"email": email})
	}
	want := shape(invite(known.user["email"].(string)))
	for _, email := range []string{hostMade, later, "nobody-" + later} {
		if got := shape(invite(email)); got != want {
			t.Errorf("invitation of %s: %s, want %s as for an affiliate's email", email, got, want)
		}
	}
	list := data(mustStatus(t, env.Call(t, http.MethodGet, "/campaigns/"+id+"/invitations", b.token, nil), http.StatusOK))["invitations"].([]any)
	if len(list) != 4 {
		t.Fatalf("invitations: %v", list)
	}

	// The person signs up later: a second invitation of the kept email reaches it, once.
	body := signupBody("affiliate", later)
	r := env.Call(t, http.MethodPost, "/auth/signup", "", body)
	token := data(mustStatus(t, r, http.StatusCreated))["jwt"].(string)
	if notes, _ := notificationsOf(t, env, token, ""); len(notes) != 0 {
		t.Fatalf("told of a pending invitation before it reached the account: %v", notes)
	}
	if got := shape(invite(later)); got != want {
		t.Errorf("the second invitation: %s", got)
	}
	invite(later)
	if notes, _ := notificationsOf(t, env, token, ""); len(notes) != 1 || notes[0]["kind"] != "campaign_invited" {
		t.Errorf("notifications: %v", notes)
	}
	mustStatus(t, env.Call(t, http.MethodPost, "/campaigns/"+id+"/join", token, nil), http.StatusOK)
}
