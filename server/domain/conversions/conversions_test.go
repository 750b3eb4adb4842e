package conversions_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/server/domain/clickid"
	"github.com/openaffiliate/platform/server/domain/conversions"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/auth"
	"github.com/openaffiliate/platform/server/platform/tenancy"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

var pool *pgxpool.Pool

func TestMain(m *testing.M) {
	servertest.MainWithPool(m, "conversions", nil, &pool)
}

// now is the tests' fixed clock.
var now = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

func service() *conversions.Service {
	return conversions.New(pool, func() time.Time { return now }, conversions.DefaultFraudLimits, clickid.NewSigner([]byte("test-secret")))
}

func exec(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := pool.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// program is one brand with one campaign and one approved affiliate, a link and a code.
type program struct {
	brand, campaign, affiliate, link, code uuid.UUID
	codeText, affiliateEmail               string
}

type campaignRule struct {
	commissionType, value, currency string
	budget, spent                   string // "" means no budget
	windowDays                      int
}

var tenPercentRON = campaignRule{commissionType: "percentage", value: "0.10", currency: "RON", windowDays: 30}

func newProgram(t *testing.T, rule campaignRule) program {
	t.Helper()
	p := program{brand: uuid.New(), campaign: uuid.New(), affiliate: uuid.New(), link: uuid.New(), code: uuid.New()}
	short := p.brand.String()[:8]
	p.codeText = "SAVE" + short
	p.affiliateEmail = "aff-" + short + "@example.com"
	exec(t, `INSERT INTO brands (id, public_id, company_name, webhook_secret) VALUES ($1, $2, 'Shop', 'secret')`, p.brand, "b-"+short)
	exec(t, `INSERT INTO affiliates (id, name, email) VALUES ($1, 'Ana', $2)`, p.affiliate, p.affiliateEmail)
	var budget any
	if rule.budget != "" {
		budget = rule.budget
	}
	spent := rule.spent
	if spent == "" {
		spent = "0"
	}
	exec(t, `INSERT INTO campaigns (id, brand_id, name, currency, commission_type, commission_value, attribution_window_days, budget, spent)
	         VALUES ($1, $2, 'Sale', $3, $4, $5, $6, $7, $8)`, p.campaign, p.brand, rule.currency, rule.commissionType, rule.value, rule.windowDays, budget, spent)
	exec(t, `INSERT INTO campaign_memberships (brand_id, campaign_id, affiliate_id, status) VALUES ($1, $2, $3, 'approved')`, p.brand, p.campaign, p.affiliate)
	exec(t, `INSERT INTO tracking_links (id, brand_id, campaign_id, affiliate_id, name, short_code, destination_url)
	         VALUES ($1, $2, $3, $4, 'Link', $5, 'https://shop.example.com')`, p.link, p.brand, p.campaign, p.affiliate, "L"+short)
	exec(t, `INSERT INTO discount_codes (id, brand_id, campaign_id, affiliate_id, code, discount_type, discount_value)
	         VALUES ($1, $2, $3, $4, $5, 'percentage', 0.10)`, p.code, p.brand, p.campaign, p.affiliate, p.codeText)
	return p
}

// click records a click on the program's link at the given time and returns its id.
func (p program) click(t *testing.T, at time.Time, ip string) uuid.UUID {
	t.Helper()
	id := uuid.Must(uuid.NewV7())
	exec(t, `INSERT INTO clicks (id, clicked_at, link_id, campaign_id, affiliate_id, brand_id, ip_hash) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		id, at, p.link, p.campaign, p.affiliate, p.brand, ip)
	return id
}

func order(id string) conversions.Order {
	return conversions.Order{OrderID: id, Total: dec("100.00"), Currency: "RON", CustomerEmail: "buyer@example.com",
		ConvertedAt: new(now), Source: "api"}
}

func ingest(t *testing.T, brand uuid.UUID, o conversions.Order) conversions.Conversion {
	t.Helper()
	c, created, err := service().Ingest(context.Background(), tenancy.Brand(uuid.Nil, brand), o)
	if err != nil {
		t.Fatalf("Ingest(%+v): %v", o, err)
	}
	if !created {
		t.Fatalf("Ingest(%+v): not created", o)
	}
	return c
}

func TestAttribution(t *testing.T) {
	for _, tc := range []struct {
		name string
		// arrange changes the program and returns the order to send.
		arrange         func(t *testing.T, p, other program) conversions.Order
		wantAttribution string
		wantAffiliate   bool
	}{
		{"click in its window", func(t *testing.T, p, _ program) conversions.Order {
			o := order("A1")
			o.ClickID = p.click(t, now.Add(-29*24*time.Hour), "ip1").String()
			return o
		}, conversions.ByLink, true},
		{"click past its window", func(t *testing.T, p, _ program) conversions.Order {
			o := order("A2")
			o.ClickID = p.click(t, now.Add(-31*24*time.Hour), "ip1").String()
			return o
		}, conversions.ByNone, false},
		{"code only", func(t *testing.T, p, _ program) conversions.Order {
			o := order("A3")
			o.DiscountCode = p.codeText
			return o
		}, conversions.ByCode, true},
		{"code in another case", func(t *testing.T, p, _ program) conversions.Order {
			o := order("A3b")
			o.DiscountCode = " save" + p.codeText[4:] + " "
			return o
		}, conversions.ByCode, true},
		{"click and code: the click wins", func(t *testing.T, p, _ program) conversions.Order {
			o := order("A4")
			o.ClickID = p.click(t, now.Add(-time.Hour), "ip1").String()
			o.DiscountCode = p.codeText
			return o
		}, conversions.ByLink, true},
		{"neither", func(t *testing.T, _, _ program) conversions.Order { return order("A5") }, conversions.ByNone, false},
		{"a click of another brand", func(t *testing.T, _, other program) conversions.Order {
			o := order("A6")
			o.ClickID = other.click(t, now.Add(-time.Hour), "ip1").String()
			return o
		}, conversions.ByNone, false},
		{"a code of another brand", func(t *testing.T, _, other program) conversions.Order {
			o := order("A6b")
			o.DiscountCode = other.codeText
			return o
		}, conversions.ByNone, false},
		{"a click made before its link was paused", func(t *testing.T, p, _ program) conversions.Order {
			o := order("A7")
			o.ClickID = p.click(t, now.Add(-time.Hour), "ip1").String()
			exec(t, `UPDATE tracking_links SET status = 'paused' WHERE id = $1`, p.link)
			return o
		}, conversions.ByLink, true},
		{"a rejected affiliate's click and code", func(t *testing.T, p, _ program) conversions.Order {
			o := order("A8")
			o.ClickID = p.click(t, now.Add(-time.Hour), "ip1").String()
			o.DiscountCode = p.codeText
			exec(t, `UPDATE campaign_memberships SET status = 'rejected' WHERE campaign_id = $1`, p.campaign)
			return o
		}, conversions.ByNone, false},
		{"an expired code", func(t *testing.T, p, _ program) conversions.Order {
			o := order("A9")
			o.DiscountCode = p.codeText
			exec(t, `UPDATE discount_codes SET valid_from = $2, valid_until = $3 WHERE id = $1`, p.code, now.Add(-48*time.Hour), now.Add(-time.Hour))
			return o
		}, conversions.ByNone, false},
		{"a paused code", func(t *testing.T, p, _ program) conversions.Order {
			o := order("A10")
			o.DiscountCode = p.codeText
			exec(t, `UPDATE discount_codes SET status = 'paused' WHERE id = $1`, p.code)
			return o
		}, conversions.ByNone, false},
		{"a code under its minimum order", func(t *testing.T, p, _ program) conversions.Order {
			o := order("A11")
			o.DiscountCode = p.codeText
			exec(t, `UPDATE discount_codes SET minimum_order_amount = 100.01 WHERE id = $1`, p.code)
			return o
		}, conversions.ByNone, false},
		{"a bot's click", func(t *testing.T, p, _ program) conversions.Order {
			o := order("A12")
			id := p.click(t, now.Add(-time.Hour), "ip1")
			exec(t, `UPDATE clicks SET is_bot = true WHERE id = $1`, id)
			o.ClickID = id.String()
			return o
		}, conversions.ByNone, false},
		{"a click after the order", func(t *testing.T, p, _ program) conversions.Order {
			o := order("A13")
			o.ClickID = p.click(t, now.Add(time.Hour), "ip1").String()
			o.ConvertedAt = new(now.Add(-time.Hour))
			return o
		}, conversions.ByNone, false},
		{"an unknown or malformed click id", func(t *testing.T, _, _ program) conversions.Order {
			o := order("A14")
			o.ClickID = "not-a-click"
			return o
		}, conversions.ByNone, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, other := newProgram(t, tenPercentRON), newProgram(t, tenPercentRON)
			c := ingest(t, p.brand, tc.arrange(t, p, other))
			if c.Attribution != tc.wantAttribution {
				t.Fatalf("attribution %q, want %q", c.Attribution, tc.wantAttribution)
			}
			if tc.wantAffiliate != c.AffiliateID.Valid || (c.AffiliateID.Valid && c.AffiliateID.UUID != p.affiliate) {
				t.Fatalf("affiliate %v, want %v (affiliate %s)", c.AffiliateID, tc.wantAffiliate, p.affiliate)
			}
			wantCommission := "0.00"
			if tc.wantAffiliate {
				wantCommission = "10.00"
			}
			if got := c.CommissionAmount.StringFixed(2); got != wantCommission {
				t.Fatalf("commission %s, want %s", got, wantCommission)
			}
			if c.Status != conversions.StatusPending {
				t.Fatalf("status %q (%s), want pending", c.Status, c.FlagReason)
			}
		})
	}
}

func TestCommission(t *testing.T) {
	for _, tc := range []struct {
		name     string
		rule     campaignRule
		total    string
		currency string
		override string
		want     string
		wantRate string
	}{
		{"percentage", tenPercentRON, "199.99", "RON", "", "20.00", "1"},
		{"fixed", campaignRule{commissionType: "fixed", value: "25.00", currency: "RON", windowDays: 30}, "100.00", "RON", "", "25.00", "1"},
		{"fixed, at most the order total", campaignRule{commissionType: "fixed", value: "25.00", currency: "RON", windowDays: 30}, "10.00", "RON", "", "10.00", "1"},
		{"the code's override", tenPercentRON, "200.00", "RON", "0.20", "40.00", "1"},
		{"a fixed override", campaignRule{commissionType: "fixed", value: "25.00", currency: "RON", windowDays: 30}, "10.00", "RON", "7.50", "7.50", "1"},
		// 1 EUR is 1 / 0.2010 = 4.9751243781 lei (the seeded rates); 100 EUR * that * 0.10 = 49.75124...
		{"an order in another currency", tenPercentRON, "100.00", "EUR", "", "49.75", "4.9751243781"},
		{"rounding half-up at .005", campaignRule{commissionType: "percentage", value: "0.5", currency: "RON", windowDays: 30}, "10.05", "RON", "", "5.03", "1"},
		{"rounding of a tiny order", tenPercentRON, "0.05", "RON", "", "0.01", "1"},
		{"rounding down below .005", tenPercentRON, "0.04", "RON", "", "0.00", "1"},
		{"a budget that is spent", campaignRule{commissionType: "percentage", value: "0.10", currency: "RON", windowDays: 30, budget: "100.00", spent: "100.00"}, "100.00", "RON", "", "0.00", "1"},
		{"what is left of a budget", campaignRule{commissionType: "percentage", value: "0.10", currency: "RON", windowDays: 30, budget: "100.00", spent: "95.00"}, "100.00", "RON", "", "5.00", "1"},
		{"a USD campaign paid on a RON order", campaignRule{commissionType: "percentage", value: "0.10", currency: "USD", windowDays: 30}, "100.00", "RON", "", "2.18", "0.218"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newProgram(t, tc.rule)
			if tc.override != "" {
				exec(t, `UPDATE discount_codes SET commission_override = $2 WHERE id = $1`, p.code, tc.override)
			}
			o := order("C-" + tc.name)
			o.Total, o.Currency, o.DiscountCode = dec(tc.total), tc.currency, p.codeText
			c := ingest(t, p.brand, o)
			if got := c.CommissionAmount.StringFixed(2); got != tc.want {
				t.Fatalf("commission %s, want %s", got, tc.want)
			}
			if c.CommissionCurrency != tc.rule.currency || !c.ExchangeRate.Equal(dec(tc.wantRate)) {
				t.Fatalf("commission in %s at %s, want %s at %s", c.CommissionCurrency, c.ExchangeRate, tc.rule.currency, tc.wantRate)
			}
			if !c.OriginalCommission.Equal(c.CommissionAmount) {
				t.Fatalf("original commission %s, want %s", c.OriginalCommission, c.CommissionAmount)
			}
		})
	}
}

func TestSameOrderIsStoredOnceUnderConcurrency(t *testing.T) {
	p := newProgram(t, tenPercentRON)
	o := order("RACE-1")
	o.DiscountCode = p.codeText
	const copies = 100
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		ids     = map[uuid.UUID]int{}
		created int
	)
	for range copies {
		wg.Go(func() {
			c, isNew, err := service().Ingest(context.Background(), tenancy.Brand(uuid.Nil, p.brand), o)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				t.Errorf("Ingest: %v", err)
				return
			}
			ids[c.ID]++
			if isNew {
				created++
			}
		})
	}
	wg.Wait()
	if len(ids) != 1 || created != 1 {
		t.Fatalf("%d copies answered %d conversions, %d created; want 1 and 1", copies, len(ids), created)
	}
	var rows, uses int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM conversions WHERE brand_id = $1`, p.brand).Scan(&rows); err != nil {
		t.Fatal(err)
	}
	if err := pool.QueryRow(context.Background(), `SELECT current_usage_count FROM discount_codes WHERE id = $1`, p.code).Scan(&uses); err != nil {
		t.Fatal(err)
	}
	if rows != 1 || uses != 1 {
		t.Fatalf("%d rows and the code used %d times; want 1 and 1", rows, uses)
	}

	// A later repeat with other details answers the first result and changes nothing.
	again := o
	again.Total = dec("5.00")
	c, isNew, err := service().Ingest(context.Background(), tenancy.Brand(uuid.Nil, p.brand), again)
	if err != nil || isNew || !c.OrderTotal.Equal(dec("100.00")) {
		t.Fatalf("repeat: %+v, new %v, %v", c, isNew, err)
	}
	// The same order id at another brand is another order.
	other := newProgram(t, tenPercentRON)
	if _, isNew, err := service().Ingest(context.Background(), tenancy.Brand(uuid.Nil, other.brand), o); err != nil || !isNew {
		t.Fatalf("same order id at another brand: new %v, %v", isNew, err)
	}
}

func TestFraudRules(t *testing.T) {
	for _, tc := range []struct {
		name    string
		arrange func(t *testing.T, p program) conversions.Order
		want    string
	}{
		{"self-referral", func(t *testing.T, p program) conversions.Order {
			o := order("F1")
			o.DiscountCode, o.CustomerEmail = p.codeText, "AFF-"+p.affiliateEmail[4:]
			return o
		}, conversions.RuleSelfReferral},
		{"a burst of clicks from one address", func(t *testing.T, p program) conversions.Order {
			var last uuid.UUID
			for i := range 12 {
				last = p.click(t, now.Add(-time.Hour+time.Duration(i)*time.Second), "burst")
			}
			o := order("F2")
			o.ClickID = last.String()
			return o
		}, conversions.RuleClickBurst},
		{"an order seconds after its click", func(t *testing.T, p program) conversions.Order {
			o := order("F3")
			o.ClickID = p.click(t, now.Add(-2*time.Second), "ip").String()
			return o
		}, conversions.RuleFastConversion},
		{"a code over its usage limit", func(t *testing.T, p program) conversions.Order {
			exec(t, `UPDATE discount_codes SET usage_limit = 3, current_usage_count = 3 WHERE id = $1`, p.code)
			o := order("F4")
			o.DiscountCode = p.codeText
			return o
		}, conversions.RuleCodeLimit},
		{"a code over its limit per customer", func(t *testing.T, p program) conversions.Order {
			exec(t, `UPDATE discount_codes SET usage_limit_per_customer = 1 WHERE id = $1`, p.code)
			first := order("F5a")
			first.DiscountCode = p.codeText
			ingest(t, p.brand, first)
			o := order("F5b")
			o.DiscountCode, o.CustomerEmail = p.codeText, "BUYER@example.com"
			return o
		}, conversions.RuleCodeLimit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newProgram(t, tenPercentRON)
			c := ingest(t, p.brand, tc.arrange(t, p))
			if c.Status != conversions.StatusFlagged || c.FlagReason != tc.want {
				t.Fatalf("status %q flag %q, want flagged %q", c.Status, c.FlagReason, tc.want)
			}
		})
	}
	// A clean order with the same shapes is not flagged.
	p := newProgram(t, tenPercentRON)
	o := order("F-clean")
	o.ClickID = p.click(t, now.Add(-time.Hour), "ip").String()
	if c := ingest(t, p.brand, o); c.Status != conversions.StatusPending || c.FlagReason != "" {
		t.Fatalf("clean order: %q %q", c.Status, c.FlagReason)
	}
}

func TestRefusedOrdersStoreNothing(t *testing.T) {
	p := newProgram(t, tenPercentRON)
	for _, tc := range []struct {
		name  string
		edit  func(o *conversions.Order)
		field string
	}{
		{"no order id", func(o *conversions.Order) { o.OrderID = "  " }, "order_id"},
		{"a negative total", func(o *conversions.Order) { o.Total = dec("-1.00") }, "order_total"},
		{"an absurd total", func(o *conversions.Order) { o.Total = dec("1000000000000.00") }, "order_total"},
		{"three decimals", func(o *conversions.Order) { o.Total = dec("1.005") }, "order_total"},
		{"an unknown currency", func(o *conversions.Order) { o.Currency = "XYZ" }, "currency"},
		{"not a currency code", func(o *conversions.Order) { o.Currency = "lei" }, "currency"},
		{"a time in the future", func(o *conversions.Order) { o.ConvertedAt = new(now.Add(time.Hour)) }, "converted_at"},
		{"a time before 2000", func(o *conversions.Order) { o.ConvertedAt = new(time.Date(1999, 1, 1, 0, 0, 0, 0, time.UTC)) }, "converted_at"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := order("R-" + tc.name)
			o.DiscountCode = p.codeText
			tc.edit(&o)
			_, _, err := service().Ingest(context.Background(), tenancy.Brand(uuid.Nil, p.brand), o)
			var apiErr *apierror.Error
			if !errors.As(err, &apiErr) || apiErr.Status != 400 || len(apiErr.Details) != 1 || apiErr.Details[0].Field != tc.field {
				t.Fatalf("Ingest: %v; want a 400 naming %s", err, tc.field)
			}
		})
	}
	var rows, uses int
	if err := pool.QueryRow(context.Background(), `SELECT (SELECT count(*) FROM conversions WHERE brand_id = $1), (SELECT current_usage_count FROM discount_codes WHERE id = $2)`, p.brand, p.code).Scan(&rows, &uses); err != nil {
		t.Fatal(err)
	}
	if rows != 0 || uses != 0 {
		t.Fatalf("refused orders left %d conversions and %d code uses", rows, uses)
	}
}

// An order or a refund is the scope's brand's: any other scope is refused (403) and keeps nothing,
// and the brand's own scope stores under its brand.
func TestOrdersAndRefundsAreTheScopesBrands(t *testing.T) {
	p := newProgram(t, tenPercentRON)
	ctx := context.Background()
	refund := func(sc tenancy.Scope) error {
		return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			_, err := service().Refund(ctx, tx, sc, conversions.RefundArgs{OrderID: "S-1", Amount: dec("1.00"), Key: "S-1-refund", Source: "test"})
			return err
		})
	}
	for name, sc := range map[string]tenancy.Scope{
		"host":      tenancy.Of(auth.User{ID: uuid.New(), AccountType: auth.RoleHost}),
		"affiliate": tenancy.Affiliate(uuid.Nil, p.affiliate),
		"system":    tenancy.System("a job"),
		"empty":     {},
	} {
		if _, _, err := service().Ingest(ctx, sc, order("S-1")); statusOf(t, err) != 403 {
			t.Errorf("%s ingests: %v", name, err)
		}
		if err := refund(sc); statusOf(t, err) != 403 {
			t.Errorf("%s refunds: %v", name, err)
		}
	}
	var stored, kept int
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM conversions WHERE order_id = 'S-1'), (SELECT count(*) FROM early_refunds WHERE order_id = 'S-1')`).Scan(&stored, &kept); err != nil {
		t.Fatal(err)
	}
	if stored != 0 || kept != 0 {
		t.Fatalf("refused scopes left %d conversions and %d kept refunds", stored, kept)
	}
	brand := tenancy.Brand(uuid.Nil, p.brand)
	if err := refund(brand); err != nil {
		t.Fatal(err)
	}
	if c := ingest(t, p.brand, order("S-1")); c.BrandID != p.brand || !c.RefundedAmount.Equal(dec("1.00")) {
		t.Errorf("the brand's order with its kept refund: %+v", c)
	}
}

func TestMaskEmail(t *testing.T) {
	for in, want := range map[string]string{
		"":                       "",
		"ana@example.com":        "a***@example.com",
		"Ștefan@exemplu.ro":      "Ș***@exemplu.ro",
		"not-an-email":           "n***",
		"@example.com":           "***@example.com",
		"a@b":                    "a***@b",
		`"ana@home"@example.com`: `"***@example.com`,
	} {
		if got := conversions.MaskEmail(in); got != want {
			t.Errorf("MaskEmail(%q) = %q, want %q", in, got, want)
		}
	}
}
