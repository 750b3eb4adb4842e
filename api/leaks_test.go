package api_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/openaffiliate/platform/gen/spec"
	"github.com/openaffiliate/platform/server"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// activityOf answers the caller's recent activity.
func activityOf(t *testing.T, env *servertest.Env, token string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, e := range data(mustStatus(t, env.Call(t, http.MethodGet, "/activity/recent?limit=100", token, nil), http.StatusOK))["activity"].([]any) {
		out = append(out, e.(map[string]any))
	}
	return out
}

// hasEntry reports whether the feed holds an entry of action about entity id.
func hasEntry(feed []map[string]any, action, id string) bool {
	return slices.ContainsFunc(feed, func(e map[string]any) bool { return e["action"] == action && e["entity_id"] == id })
}

// TestReusedOrderStaysWithinBrand: another brand's orders never flag a brand's order nor change
// its answer, in either order of arrival; only the host is told that two brands hold one order id.
func TestReusedOrderStaysWithinBrand(t *testing.T) {
	env := servertest.Get(t)
	a, b := newProgram(t, env), newProgram(t, env)
	host := hostToken(t, env)
	mustStatus(t, env.Call(t, http.MethodPost, "/discount-codes", a.brand.token, map[string]any{
		"campaign_id": a.campaign["id"], "affiliate_id": a.affID, "code": fmt.Sprintf("REAL%d", seq.Add(1)), "discount_type": "percentage", "discount_value": "0.10",
	}), http.StatusCreated)
	process := func(p program, orderID, total string) map[string]any {
		t.Helper()
		return data(mustStatus(t, env.Call(t, http.MethodPost, "/conversions/process", p.brand.token, map[string]any{
			"order_id": orderID, "order_total": total, "currency": "RON",
		}), http.StatusCreated))["conversion"].(map[string]any)
	}
	answer := func(c map[string]any) string {
		return fmt.Sprint(c["status"], " ", c["flag_reason"], " ", c["commission_amount"], " ", c["attribution"])
	}
	prefix := fmt.Sprintf("R%d-", seq.Add(1))

	// B registers order ids first, at 0.01; A's real orders with those ids come later.
	var squatted []string
	for i := range 3 {
		id := fmt.Sprintf("%s%d", prefix, 5000+i)
		process(b, id, "0.01")
		squatted = append(squatted, id)
	}
	for _, id := range squatted {
		c := process(a, id, "250.00")
		if c["status"] != "pending" || c["flag_reason"] != "" {
			t.Errorf("A's order %s, after B's order with its id: %s %q", id, c["status"], c["flag_reason"])
		}
	}

	// B probes: an id A holds answers as an id nobody holds.
	held := process(a, prefix+"A-1", "99.00")
	probe := process(b, prefix+"A-1", "0.01")
	fresh := process(b, prefix+"NOBODY", "0.01")
	if answer(probe) != answer(fresh) {
		t.Errorf("B learns that A holds an order id: %s, for a free one %s", answer(probe), answer(fresh))
	}

	// The host is told, and the brands are not.
	hostFeed := activityOf(t, env, host)
	if !hasEntry(hostFeed, "conversion.order_id_shared", probe["id"].(string)) {
		t.Error("the host is not told of an order id two brands hold")
	}
	for who, token := range map[string]string{"A": a.brand.token, "B": b.brand.token, "A's affiliate": a.affiliate.token} {
		for _, e := range activityOf(t, env, token) {
			if e["action"] == "conversion.order_id_shared" {
				t.Errorf("%s reads the host's notice %v", who, e)
			}
		}
	}
	if held["status"] != "pending" {
		t.Errorf("A's order: %v", held)
	}
}

// TestBrandFeedShowsItsConversions: the entry written when a conversion is recorded is its
// brand's and its affiliate's, and nobody else's.
func TestBrandFeedShowsItsConversions(t *testing.T) {
	env := servertest.Get(t)
	p, other := newProgram(t, env), newProgram(t, env)
	ids := confirmedOrdersOf(t, env, p, fmt.Sprintf("FEED%d", seq.Add(1)), "80.00", fmt.Sprintf("feed-%d", seq.Add(1)))
	unattributed := data(mustStatus(t, env.Call(t, http.MethodPost, "/conversions/process", p.brand.token, map[string]any{
		"order_id": fmt.Sprintf("feed-%d", seq.Add(1)), "order_total": "10.00", "currency": "RON",
	}), http.StatusCreated))["conversion"].(map[string]any)["id"].(string)
	for _, tc := range []struct {
		who   string
		token string
		want  []string
		never []string
	}{
		{"its brand", p.brand.token, []string{ids[0], unattributed}, nil},
		{"its affiliate", p.affiliate.token, []string{ids[0]}, []string{unattributed}},
		{"another brand", other.brand.token, nil, []string{ids[0], unattributed}},
		{"another affiliate", other.affiliate.token, nil, []string{ids[0], unattributed}},
	} {
		feed := activityOf(t, env, tc.token)
		for _, id := range tc.want {
			if !hasEntry(feed, "conversion.recorded", id) {
				t.Errorf("%s's feed lacks the recording of conversion %s", tc.who, id)
			}
		}
		for _, id := range tc.never {
			if hasEntry(feed, "conversion.recorded", id) {
				t.Errorf("%s's feed shows the recording of conversion %s", tc.who, id)
			}
		}
	}
}

// TestInvitationAnswersTheSame: inviting an email nobody has, that of an affiliate the host created
// whose person has no account yet, and an affiliate's answer the same 201 (the invitations kept
// pending, TestInvitingAnswersTheSameForEveryEmail); invitations are limited per brand, whatever
// the email.
func TestInvitationAnswersTheSame(t *testing.T) {
	env := servertest.Get(t)
	b, domain := newBrand(t, env)
	c := createCampaign(t, env, b.token, map[string]any{"name": "Invites", "homepage_url": "https://" + domain + "/"})
	invite := func(token, email string) servertest.Response {
		return env.Call(t, http.MethodPost, "/campaigns/"+c["id"].(string)+"/invitations", token, map[string]any{"email": email})
	}
	recorded := uniqueEmail("recorded")
	mustStatus(t, env.Call(t, http.MethodPost, "/affiliates", hostToken(t, env), map[string]any{"name": "On paper", "email": recorded}), http.StatusCreated)
	guest := newAccount(t, env, "affiliate")

	// Alike but for the invitation's own id, email and time.
	same := regexp.MustCompile(`"(id|email|created_at)":"[^"]*"`)
	var answers []string
	for _, email := range []string{uniqueEmail("nobody"), recorded, guest.user["email"].(string)} {
		answers = append(answers, same.ReplaceAllString(string(mustStatus(t, invite(b.token, email), http.StatusCreated).Raw), ""))
	}
	if answers[0] != answers[1] || answers[1] != answers[2] {
		t.Errorf("the answers differ:\nnobody:    %s\non paper:  %s\nan account: %s", answers[0], answers[1], answers[2])
	}
	if n := count(t, env, "SELECT count(*) FROM campaign_invitations WHERE campaign_id = $1 AND affiliate_id IS NULL", c["id"]); n != 2 {
		t.Errorf("%d pending invitations stored, want 2", n)
	}

	// The limit: 30 in 15 minutes per brand, counting every attempt; then 429 for any email.
	for i := 3; i < 30; i++ {
		mustStatus(t, invite(b.token, uniqueEmail("probe")), http.StatusCreated)
	}
	for _, email := range []string{uniqueEmail("probe"), guest.user["email"].(string)} {
		r := invite(b.token, email)
		wantError(t, r, http.StatusTooManyRequests, "RATE_LIMITED")
		if r.Header.Get("Retry-After") == "" {
			t.Error("429 without Retry-After")
		}
	}
	// Another brand has its own count.
	other, otherDomain := newBrand(t, env)
	oc := createCampaign(t, env, other.token, map[string]any{"name": "Theirs", "homepage_url": "https://" + otherDomain + "/"})
	mustStatus(t, env.Call(t, http.MethodPost, "/campaigns/"+oc["id"].(string)+"/invitations", other.token, map[string]any{"email": guest.user["email"]}), http.StatusCreated)
}

// TestCSVFormulaAfterSeparator: a formula character after a ';' or ',' inside a cell is
// neutralised too, since a spreadsheet whose list separator is ';' splits the cell there; CSV
// answers say their charset.
func TestCSVFormulaAfterSeparator(t *testing.T) {
	env := servertest.Get(t)
	p := newProgram(t, env)
	name := "A;=2+2;,@SUM(1),-1"
	mustStatus(t, env.Call(t, http.MethodPut, "/campaigns/"+p.campaign["id"].(string), p.brand.token, map[string]any{"name": name}), http.StatusOK)
	confirmedOrdersOf(t, env, p, fmt.Sprintf("CSV%d", seq.Add(1)), "50.00", fmt.Sprintf("csv-%d", seq.Add(1)))
	r := mustStatus(t, env.Call(t, http.MethodGet, "/reports/conversions?range=7d", p.brand.token, nil), http.StatusOK)
	if ct := r.Header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	header, rows := csvOf(t, r)
	campaigns := column(t, header, rows, "campaign")
	if want := "A;'=2+2;,'@SUM(1),'-1"; len(campaigns) != 1 || campaigns[0] != want {
		t.Errorf("campaign cells %q, want %q", campaigns, want)
	}
	for _, cell := range campaigns {
		for part := range strings.FieldsFuncSeq(cell, func(r rune) bool { return r == ';' || r == ',' }) {
			if strings.ContainsRune("=+-@\t\r", rune(part[0])) {
				t.Errorf("part %q of %q starts a formula", part, cell)
			}
		}
	}
}

// TestIdempotencyBodyHashIsKeyed: a stored body is kept as an HMAC under a key derived from the
// server's secret, not as its plain SHA-256, which a guess at a password would match offline.
func TestIdempotencyBodyHashIsKeyed(t *testing.T) {
	env := servertest.Get(t)
	b, domain := newBrand(t, env)
	body := `{"name":"Hashed","homepage_url":"https://` + domain + `/"}`
	key := idemKey()
	mustStatus(t, env.CallWithHeaders(t, http.MethodPost, "/campaigns", b.token, key, body), http.StatusCreated)
	var stored []byte
	if err := env.App.Pool.QueryRow(t.Context(), "SELECT body_hmac FROM idempotency_keys WHERE key = $1", key.Get(server.IdempotencyKeyHeader)).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	plain := sha256.Sum256([]byte(body))
	derive := hmac.New(sha256.New, env.App.Config.JWTSecret) // the key: JWT_SECRET's HMAC of the purpose
	derive.Write([]byte("openaffiliate/idempotency-body/v1"))
	mac := hmac.New(sha256.New, derive.Sum(nil))
	mac.Write([]byte(body))
	if hmac.Equal(stored, plain[:]) || !hmac.Equal(stored, mac.Sum(nil)) {
		t.Errorf("stored body hash %x: the plain SHA-256 is %x", stored, plain)
	}
}

// TestIdempotencyKeyReusedOnSecretOperation: an operation whose answer holds a credential is
// never replayed, but its key is taken like any other: a key first used elsewhere answers 409
// there, and a key first used there answers 409 elsewhere.
func TestIdempotencyKeyReusedOnSecretOperation(t *testing.T) {
	env := servertest.Get(t)
	b, domain := newBrand(t, env)
	key := idemKey()
	mustStatus(t, env.CallWithHeaders(t, http.MethodPost, "/campaigns", b.token, key, map[string]any{"name": "First", "homepage_url": "https://" + domain + "/"}), http.StatusCreated)
	before := count(t, env, "SELECT count(*) FROM api_keys WHERE brand_id = $1", b.brandID())
	wantError(t, env.CallWithHeaders(t, http.MethodPost, "/brands/api-keys", b.token, key, map[string]any{"name": "Reused"}), http.StatusConflict, "IDEMPOTENCY_KEY_REUSED")
	if n := count(t, env, "SELECT count(*) FROM api_keys WHERE brand_id = $1", b.brandID()); n != before {
		t.Errorf("a reused key made an API key: %d, before %d", n, before)
	}

	key = idemKey()
	mustStatus(t, env.CallWithHeaders(t, http.MethodPost, "/brands/api-keys", b.token, key, map[string]any{"name": "First"}), http.StatusCreated)
	wantError(t, env.CallWithHeaders(t, http.MethodPost, "/campaigns", b.token, key, map[string]any{"name": "Second", "homepage_url": "https://" + domain + "/"}), http.StatusConflict, "IDEMPOTENCY_KEY_REUSED")
	wantError(t, env.CallWithHeaders(t, http.MethodPost, "/brands/api-keys", b.token, key, map[string]any{"name": "Other"}), http.StatusConflict, "IDEMPOTENCY_KEY_REUSED")
}

// TestEmailFormatRefused: an address the contract's `format: email` refuses is refused with 400
// naming it wherever an email is kept, so no answer then breaks the contract.
func TestEmailFormatRefused(t *testing.T) {
	env := servertest.Get(t)
	host := hostToken(t, env)
	a := newAccount(t, env, "affiliate")
	affID := data(env.Call(t, http.MethodGet, "/affiliates/by-user/"+a.id(), a.token, nil))["affiliate"].(map[string]any)["id"].(string)
	for _, email := range []string{"ü-x@bücher.de", "x@bücher.de", "ü@example.com", "a b@example.com", "x@example", "x@-example.com", "Ana <x@example.com>"} {
		body := signupBody("affiliate", email)
		for _, tc := range []struct {
			what  string
			r     servertest.Response
			field string
		}{
			{"sign-up", env.Call(t, http.MethodPost, "/auth/signup", "", body), "email"},
			{"host account", env.Call(t, http.MethodPost, "/admin/hosts", host, map[string]any{"email": email, "password": "correct-horse", "firstName": "A", "lastName": "B"}), "email"},
			{"new affiliate", env.Call(t, http.MethodPost, "/affiliates", host, map[string]any{"name": "X", "email": email}), "email"},
			{"affiliate's own email", env.Call(t, http.MethodPut, "/affiliates/"+affID, a.token, map[string]any{"name": "X", "email": email}), "email"},
		} {
			if tc.r.Status != http.StatusBadRequest || tc.r.Body["code"] != "VALIDATION_ERROR" {
				t.Errorf("%s with %q: %d %s", tc.what, email, tc.r.Status, tc.r.Raw)
				continue
			}
			if d, _ := tc.r.Body["details"].([]any); len(d) == 0 || d[0].(map[string]any)["field"] != tc.field {
				t.Errorf("%s with %q names %s", tc.what, email, tc.r.Raw)
			}
		}
	}
	if n := count(t, env, "SELECT count(*) FROM users WHERE email ~ '[^ -~]'"); n != 0 {
		t.Errorf("%d users with a non-ASCII email", n)
	}
	// Plain addresses still pass.
	mustStatus(t, env.Call(t, http.MethodPost, "/auth/signup", "", signupBody("affiliate", "o'neil+"+uniqueEmail("tag"))), http.StatusCreated)
}

// TestHostPayoutRunForUnknownBrand: the host naming a brand that does not exist answers 404, as a
// brand naming another brand does.
func TestHostPayoutRunForUnknownBrand(t *testing.T) {
	env := servertest.Get(t)
	p, other := newProgram(t, env), newProgram(t, env)
	wantError(t, env.Call(t, http.MethodPost, "/payouts/generate", hostToken(t, env), map[string]any{"brand_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6"}), http.StatusNotFound, "NOT_FOUND")
	wantError(t, env.Call(t, http.MethodPost, "/payouts/generate", p.brand.token, map[string]any{"brand_id": other.brand.brandID()}), http.StatusNotFound, "NOT_FOUND")
	mustStatus(t, env.Call(t, http.MethodPost, "/payouts/generate", hostToken(t, env), map[string]any{"brand_id": p.brand.brandID()}), http.StatusOK)
}

// TestPayoutsExportMatchesItsDescription: the export's header row is the list of columns its
// contract description names, and it says its charset.
func TestPayoutsExportMatchesItsDescription(t *testing.T) {
	env := servertest.Get(t)
	p := newProgram(t, env)
	r := mustStatus(t, env.Call(t, http.MethodGet, "/payouts/export", p.brand.token, nil), http.StatusOK)
	if ct := r.Header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	header, _ := csvOf(t, r)
	op := contractDoc(t).Paths.Find("/payouts/export").Get
	m := regexp.MustCompile(`header row: ([a-z_, \n]+)\.`).FindStringSubmatch(op.Description)
	if m == nil {
		t.Fatalf("the description names no columns: %s", op.Description)
	}
	named := strings.Split(strings.Join(strings.Fields(m[1]), " "), ", ")
	if !slices.Equal(named, header) {
		t.Errorf("the description names %q; the file has %q", named, header)
	}
}

// contractDoc is openapi.yaml, loaded.
func contractDoc(t *testing.T) *openapi3.T {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData(spec.YAML)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// eachSchema calls visit once for every schema of the contract, named by where it was found:
// components, and the parameters, bodies, responses and headers of every operation, with every
// property, item and branch inside them.
func eachSchema(doc *openapi3.T, visit func(where string, s *openapi3.Schema)) {
	seen := map[*openapi3.Schema]bool{}
	var walk func(where string, ref *openapi3.SchemaRef)
	walk = func(where string, ref *openapi3.SchemaRef) {
		if ref == nil || ref.Value == nil || seen[ref.Value] {
			return
		}
		s := ref.Value
		seen[s] = true
		visit(where, s)
		for name, p := range s.Properties {
			walk(where+"."+name, p)
		}
		walk(where+"[]", s.Items)
		walk(where+"{}", s.AdditionalProperties.Schema)
		walk(where+"!", s.Not)
		for i, list := range []openapi3.SchemaRefs{s.AllOf, s.AnyOf, s.OneOf} {
			for j, b := range list {
				walk(fmt.Sprintf("%s/%d.%d", where, i, j), b)
			}
		}
	}
	content := func(where string, c openapi3.Content) {
		for mime, m := range c {
			walk(where+" "+mime, m.Schema)
		}
	}
	for name, s := range doc.Components.Schemas {
		walk(name, s)
	}
	for template, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			where := method + " " + template
			for _, p := range append(append(openapi3.Parameters{}, item.Parameters...), op.Parameters...) {
				walk(where+" "+p.Value.Name, p.Value.Schema)
			}
			if op.RequestBody != nil {
				content(where+" body", op.RequestBody.Value.Content)
			}
			for status, r := range op.Responses.Map() {
				content(where+" "+status, r.Value.Content)
				for name, h := range r.Value.Headers {
					walk(where+" "+status+" "+name, h.Value.Schema)
				}
			}
		}
	}
}

// TestContractNullableEnumsListNull: a nullable enum lists null among its values, or strict
// generated clients refuse the server's nulls.
func TestContractNullableEnumsListNull(t *testing.T) {
	n := 0
	eachSchema(contractDoc(t), func(where string, s *openapi3.Schema) {
		if !s.Nullable || len(s.Enum) == 0 {
			return
		}
		n++
		if !slices.Contains(s.Enum, nil) {
			t.Errorf("%s is a nullable enum without null: %v", where, s.Enum)
		}
	})
	if n == 0 {
		t.Error("no nullable enum found: the walk is broken")
	}
}

// TestContractCSVAnswersSayCharset: every CSV answer of the contract is text/csv; charset=utf-8.
func TestContractCSVAnswersSayCharset(t *testing.T) {
	n := 0
	for template, item := range contractDoc(t).Paths.Map() {
		for method, op := range item.Operations() {
			for status, r := range op.Responses.Map() {
				for mime := range r.Value.Content {
					if strings.HasPrefix(mime, "text/csv") {
						n++
						if mime != "text/csv; charset=utf-8" {
							t.Errorf("%s %s %s answers %q", method, template, status, mime)
						}
					}
				}
			}
		}
	}
	if n == 0 {
		t.Error("no CSV answer found")
	}
}
