package conversions_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/server/domain/conversions"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/auth"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// asHost is a host's scope, built as the authenticator builds one.
func asHost() tenancy.Scope { return tenancy.Of(auth.User{AccountType: auth.RoleHost}) }

func statusOf(t *testing.T, err error) int {
	t.Helper()
	if err == nil {
		return 200
	}
	var e *apierror.Error
	if !errors.As(err, &e) {
		t.Fatalf("not an API error: %v", err)
	}
	return e.Status
}

func spent(t *testing.T, campaign uuid.UUID) string {
	t.Helper()
	var d decimal.Decimal
	if err := pool.QueryRow(context.Background(), `SELECT spent FROM campaigns WHERE id = $1`, campaign).Scan(&d); err != nil {
		t.Fatal(err)
	}
	return d.StringFixed(2)
}

// attributed stores an order of 100.00 attributed by the program's code (10.00 commission) and
// moves it to status through the database.
func attributed(t *testing.T, p program, orderID, status string) conversions.Conversion {
	t.Helper()
	o := order(orderID)
	o.DiscountCode = p.codeText
	c := ingest(t, p.brand, o)
	exec(t, `UPDATE conversions SET status = $2 WHERE id = $1`, c.ID, status)
	return c
}

func TestReviewTransitions(t *testing.T) {
	brandScope := func(p program) tenancy.Scope { return tenancy.Brand(uuid.Nil, p.brand) }
	for _, tc := range []struct {
		from, decision, want string // want "" means refused with 409
	}{
		{"pending", conversions.Confirm, "confirmed"},
		{"flagged", conversions.Confirm, "confirmed"},
		{"pending", conversions.Reject, "rejected"},
		{"flagged", conversions.Reject, "rejected"},
		{"confirmed", conversions.Reverse, "reversed"},
		{"confirmed", conversions.Confirm, ""},
		{"rejected", conversions.Confirm, "confirmed"}, // restored
		{"rejected", conversions.Reject, ""},
		{"reversed", conversions.Confirm, ""},
		{"paid", conversions.Reverse, ""},
		{"paid", conversions.Reject, ""},
		{"pending", conversions.Reverse, ""},
		{"confirmed", conversions.Reject, ""},
	} {
		t.Run(tc.from+" "+tc.decision, func(t *testing.T) {
			p := newProgram(t, tenPercentRON)
			c := attributed(t, p, "T-1", tc.from)
			if tc.from == "confirmed" {
				exec(t, `UPDATE campaigns SET spent = 10 WHERE id = $1`, p.campaign)
			}
			got, err := service().Review(context.Background(), brandScope(p), []uuid.UUID{c.ID}, tc.decision, "checked the order")
			if tc.want == "" {
				if statusOf(t, err) != 409 {
					t.Fatalf("%s on %s: %v; want 409", tc.decision, tc.from, err)
				}
				return
			}
			if err != nil || len(got) != 1 || got[0].Status != tc.want {
				t.Fatalf("%s on %s: %+v, %v; want %s", tc.decision, tc.from, got, err, tc.want)
			}
			wantSpent := map[string]string{"confirmed": "10.00", "reversed": "0.00", "rejected": "0.00"}[tc.want]
			if s := spent(t, p.campaign); s != wantSpent {
				t.Fatalf("spent %s, want %s", s, wantSpent)
			}
			if tc.want == "reversed" && !got[0].CommissionAmount.IsZero() {
				t.Fatalf("a reversed commission of %s", got[0].CommissionAmount)
			}
		})
	}
}

func TestReviewIsAllOrNothingAndScoped(t *testing.T) {
	p, other := newProgram(t, tenPercentRON), newProgram(t, tenPercentRON)
	a, b := attributed(t, p, "S-1", "pending"), attributed(t, p, "S-2", "reversed")
	theirs := attributed(t, other, "S-3", "pending")
	brand := tenancy.Brand(uuid.Nil, p.brand)
	// One refused conversion leaves the other untouched.
	if _, err := service().Review(context.Background(), brand, []uuid.UUID{a.ID, b.ID}, conversions.Confirm, ""); statusOf(t, err) != 409 {
		t.Fatalf("a batch with a reversed conversion: %v", err)
	}
	// Another brand's conversion is not found, to a brand and to an affiliate.
	for _, sc := range []tenancy.Scope{brand, tenancy.Affiliate(uuid.Nil, p.affiliate)} {
		if _, err := service().Review(context.Background(), sc, []uuid.UUID{a.ID, theirs.ID}, conversions.Confirm, ""); statusOf(t, err) != 404 && statusOf(t, err) != 403 {
			t.Fatalf("%s: %v", sc, err)
		}
	}
	if got, err := service().Get(context.Background(), brand, a.ID); err != nil || got.Status != "pending" || spent(t, p.campaign) != "0.00" {
		t.Fatalf("after refused batches: %s, spent %s, %v", got.Status, spent(t, p.campaign), err)
	}
	// The host decides any brand's, many at once; a repeated id counts once.
	got, err := service().Review(context.Background(), asHost(), []uuid.UUID{a.ID, theirs.ID, a.ID}, conversions.Confirm, "")
	if err != nil || len(got) != 2 || got[0].Status != "confirmed" || got[1].Status != "confirmed" || spent(t, p.campaign) != "10.00" {
		t.Fatalf("host batch: %+v, %v, spent %s", got, err, spent(t, p.campaign))
	}
}

func TestConfirmRespectsTheBudget(t *testing.T) {
	p := newProgram(t, campaignRule{commissionType: "percentage", value: "0.10", currency: "RON", windowDays: 30, budget: "15.00"})
	first, second := attributed(t, p, "B-1", "pending"), attributed(t, p, "B-2", "pending")
	brand := tenancy.Brand(uuid.Nil, p.brand)
	if _, err := service().Review(context.Background(), brand, []uuid.UUID{first.ID}, conversions.Confirm, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := service().Review(context.Background(), brand, []uuid.UUID{second.ID}, conversions.Confirm, ""); statusOf(t, err) != 409 {
		t.Fatalf("confirming past the budget: %v", err)
	}
	// Adjusted to what is left, it fits.
	if _, err := service().Adjust(context.Background(), brand, second.ID, decimal.RequireFromString("5.00"), "budget"); err != nil {
		t.Fatal(err)
	}
	if _, err := service().Review(context.Background(), brand, []uuid.UUID{second.ID}, conversions.Confirm, ""); err != nil || spent(t, p.campaign) != "15.00" {
		t.Fatalf("after adjusting: %v, spent %s", err, spent(t, p.campaign))
	}
	// Adjusting a confirmed commission moves spent by the difference, within the budget.
	if _, err := service().Adjust(context.Background(), brand, first.ID, decimal.RequireFromString("11.00"), "more"); statusOf(t, err) != 409 {
		t.Fatalf("raising past the budget: %v", err)
	}
	if _, err := service().Adjust(context.Background(), brand, first.ID, decimal.RequireFromString("4.00"), "less"); err != nil || spent(t, p.campaign) != "9.00" {
		t.Fatalf("lowering: %v, spent %s", err, spent(t, p.campaign))
	}
}

func TestAdjustAndDelete(t *testing.T) {
	p := newProgram(t, tenPercentRON)
	c := attributed(t, p, "D-1", "pending")
	brand, host := tenancy.Brand(uuid.Nil, p.brand), asHost()
	for _, amount := range []string{"-1", "1.005"} {
		if _, err := service().Adjust(context.Background(), brand, c.ID, decimal.RequireFromString(amount), ""); statusOf(t, err) != 400 {
			t.Errorf("adjust to %s: %v", amount, err)
		}
	}
	if _, err := service().Adjust(context.Background(), tenancy.Affiliate(uuid.Nil, p.affiliate), c.ID, decimal.NewFromInt(1), ""); statusOf(t, err) != 403 {
		t.Errorf("an affiliate adjusts: %v", err)
	}
	got, err := service().Adjust(context.Background(), brand, c.ID, decimal.RequireFromString("12.34"), "agreed bonus")
	if err != nil || got.CommissionAmount.StringFixed(2) != "12.34" || !got.OriginalCommission.Equal(decimal.NewFromInt(10)) {
		t.Fatalf("adjust: %+v %v", got, err)
	}
	// A brand's scope makes no HostScope, and the zero one it leaves is refused.
	brandAsHost, ok := brand.AsHost()
	if ok {
		t.Fatal("a brand's scope made a HostScope")
	}
	if err := service().Delete(context.Background(), brandAsHost, c.ID, ""); statusOf(t, err) != 403 {
		t.Fatalf("a brand deletes: %v", err)
	}
	hostOnly, _ := host.AsHost()
	exec(t, `UPDATE conversions SET status = 'paid' WHERE id = $1`, c.ID)
	if err := service().Delete(context.Background(), hostOnly, c.ID, ""); statusOf(t, err) != 409 {
		t.Fatalf("the host deletes a paid one: %v", err)
	}
	exec(t, `UPDATE conversions SET status = 'pending' WHERE id = $1`, c.ID)
	if err := service().Delete(context.Background(), hostOnly, c.ID, "test order"); err != nil {
		t.Fatal(err)
	}
	var uses int
	if err := pool.QueryRow(context.Background(), `SELECT current_usage_count FROM discount_codes WHERE id = $1`, p.code).Scan(&uses); err != nil || uses != 0 {
		t.Fatalf("the code still counts %d uses (%v)", uses, err)
	}
}

func TestHoldingPeriodConfirmsCleanConversions(t *testing.T) {
	p := newProgram(t, tenPercentRON)
	exec(t, `UPDATE campaigns SET holding_days = 14 WHERE id = $1`, p.campaign)
	clean, flagged := attributed(t, p, "H-1", "pending"), attributed(t, p, "H-2", "flagged")
	young := attributed(t, p, "H-3", "pending")
	exec(t, `UPDATE conversions SET created_at = $2 WHERE id IN ($1, $3)`, clean.ID, now.Add(-15*24*time.Hour), flagged.ID)
	exec(t, `UPDATE conversions SET created_at = $2 WHERE id = $1`, young.ID, now.Add(-13*24*time.Hour))
	// Two processes at once confirm each conversion once.
	results := make(chan int, 2)
	for range 2 {
		go func() {
			n, err := service().ConfirmHeld(context.Background(), 100)
			if err != nil {
				t.Error(err)
			}
			results <- n
		}()
	}
	total := <-results + <-results
	if total != 1 {
		t.Fatalf("the two runs confirmed %d, want 1", total)
	}
	for id, want := range map[uuid.UUID]string{clean.ID: "confirmed", flagged.ID: "flagged", young.ID: "pending"} {
		got, err := service().Get(context.Background(), asHost(), id)
		if err != nil || got.Status != want {
			t.Errorf("%s: %s, want %s (%v)", got.OrderID, got.Status, want, err)
		}
	}
	if s := spent(t, p.campaign); s != "10.00" {
		t.Fatalf("spent %s after one confirmation", s)
	}
}
