package conversions_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/openaffiliate/platform/server/domain/conversions"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// This file checks the commission rules (docs/product.md §6.1) on random programs: random
// campaigns (rates, product rates, tiers, recurring rules, budgets, a code's override) receive
// random orders with lines, renewals and confirmations through the real service on a real
// database, and every stored row is compared with a plain re-computation here, in big.Rat
// arithmetic, that shares no code with the service.

// rat reads a decimal string exactly.
func rat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic("not a decimal: " + s)
	}
	return r
}

// cents rounds a non-negative r half-up to 2 decimals, written as the database writes numeric(14, 2).
func cents(r *big.Rat) string {
	scaled := new(big.Rat).Mul(r, big.NewRat(100, 1))
	scaled.Add(scaled, big.NewRat(1, 2))
	n := new(big.Int).Quo(scaled.Num(), scaled.Denom()) // floor, as scaled is not negative
	return new(big.Rat).SetFrac(n, big.NewInt(100)).FloatString(2)
}

func minRat(a, b *big.Rat) *big.Rat {
	if a.Cmp(b) <= 0 {
		return a
	}
	return b
}

type mRate struct {
	Match, Key, Type, Value string
}

type mTier struct{ Threshold, Value string }

type mLine struct {
	ProductID, SKU string
	Categories     []string
	Qty            int
	Amount         string
}

// mCampaign is a campaign as the model knows it.
type mCampaign struct {
	typ, value, base, recurring, basis, currency string
	limit                                        int
	budget                                       *big.Rat
	rates                                        []mRate
	tiers                                        []mTier
	override                                     string // the code's, or ""
	spent                                        *big.Rat
}

// mConversion is a stored conversion as the model expects it.
type mConversion struct {
	id              uuid.UUID
	orderID         string
	at              time.Time
	total           string
	rate            *big.Rat // order currency to the campaign's
	commission      string
	tierIndex       int // 0: none
	lineKeys        []string
	lineCommissions []*big.Rat // nil: no rate matched
	confirmed       bool
	renewal, zeroed bool
	overridden      bool // a code's override replaced every rate
	capped          bool // the budget cut the commission
	subscription    string
	attributed      bool
}

type mSubscription struct {
	first    time.Time
	payments int
}

// exchange is what one unit of from is worth in to, at the test database's rates (RON base),
// rounded half-up to 10 decimals as a conversion stores it.
func exchange(from, to string) *big.Rat {
	ron := map[string]string{"RON": "1", "EUR": "0.2010"}
	if from == to {
		return big.NewRat(1, 1)
	}
	r := new(big.Rat).Quo(rat(ron[to]), rat(ron[from]))
	scaled := new(big.Rat).Mul(r, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(10), nil)))
	scaled.Add(scaled, big.NewRat(1, 2))
	n := new(big.Int).Quo(scaled.Num(), scaled.Denom())
	return new(big.Rat).SetFrac(n, new(big.Int).Exp(big.NewInt(10), big.NewInt(10), nil))
}

// expect re-computes what an attributed order earns: the tier from the confirmed conversions of
// the same UTC month up to its time, the first matching product rate per line, the campaign's
// (or tier's, or override's) value on the rest of the base, one rounding, the cap, then the
// budget; a renewal has no override and its recurring rule may zero it.
func (c *mCampaign) expect(m *mConversion, history []*mConversion, subtotal string, lines []mLine, withCode bool, sub *mSubscription) {
	value, rates := c.value, c.rates
	if withCode && c.override != "" && !m.renewal {
		value, rates, m.overridden = c.override, nil, true
	} else if len(c.tiers) > 0 {
		count, revenue := 0, new(big.Rat)
		month := time.Date(m.at.Year(), m.at.Month(), 1, 0, 0, 0, 0, time.UTC)
		for _, h := range history {
			if h.confirmed && h.attributed && !h.at.Before(month) && !h.at.After(m.at) {
				count++
				revenue.Add(revenue, new(big.Rat).Mul(rat(h.total), h.rate))
			}
		}
		standing := revenue
		if c.basis == "conversions" {
			standing = big.NewRat(int64(count), 1)
		}
		for i, t := range c.tiers {
			if standing.Cmp(rat(t.Threshold)) >= 0 {
				m.tierIndex, value = i+1, t.Value
			}
		}
	}
	base := rat(m.total)
	if c.typ == "percentage" && c.base == "subtotal" && subtotal != "" && rat(subtotal).Cmp(base) < 0 {
		base = rat(subtotal)
	}
	sum, matched := new(big.Rat), new(big.Rat)
	m.lineKeys, m.lineCommissions = make([]string, len(lines)), make([]*big.Rat, len(lines))
	for i, l := range lines {
		for _, r := range rates {
			hit := (r.Match == "product_id" && l.ProductID == r.Key) || (r.Match == "sku" && l.SKU == r.Key)
			for _, cat := range l.Categories {
				hit = hit || (r.Match == "category" && cat == r.Key)
			}
			if !hit {
				continue
			}
			earned := new(big.Rat).Mul(rat(r.Value), big.NewRat(int64(l.Qty), 1))
			if r.Type == "percentage" {
				earned = new(big.Rat).Mul(new(big.Rat).Mul(rat(l.Amount), m.rate), rat(r.Value))
			}
			m.lineKeys[i], m.lineCommissions[i] = r.Match+":"+r.Key, earned
			sum.Add(sum, earned)
			matched.Add(matched, rat(l.Amount))
			break
		}
	}
	rest := new(big.Rat).Sub(base, matched)
	if rest.Sign() < 0 {
		rest = new(big.Rat)
	}
	rest.Mul(rest, m.rate)
	if c.typ == "fixed" {
		sum.Add(sum, minRat(rat(value), rest))
	} else {
		sum.Add(sum, new(big.Rat).Mul(rest, rat(value)))
	}
	commission := rat(cents(minRat(sum, new(big.Rat).Mul(base, m.rate))))
	if c.budget != nil {
		left := new(big.Rat).Sub(c.budget, c.spent)
		if left.Sign() < 0 {
			left = new(big.Rat)
		}
		m.capped = commission.Cmp(left) > 0
		commission = minRat(commission, left)
	}
	if m.renewal {
		switch {
		case c.recurring == "first_payment",
			c.recurring == "first_payments" && sub.payments+1 > c.limit,
			c.recurring == "first_months" && m.at.After(sub.first.AddDate(0, c.limit, 0)):
			commission, m.zeroed = new(big.Rat), true
			for i := range m.lineCommissions {
				if m.lineCommissions[i] != nil {
					m.lineCommissions[i] = new(big.Rat)
				}
			}
		}
	}
	m.commission = commission.FloatString(2)
}

func pick[T any](rng *rand.Rand, items ...T) T { return items[rng.Intn(len(items))] }

func money(rng *rand.Rand, maxCents int) string {
	return new(big.Rat).SetFrac64(int64(rng.Intn(maxCents)+1), 100).FloatString(2)
}

// randomCampaign draws a campaign's rules and stores them on p's campaign.
func randomCampaign(t *testing.T, rng *rand.Rand, p program) *mCampaign {
	c := &mCampaign{typ: pick(rng, "percentage", "fixed"), base: pick(rng, "subtotal", "total"),
		recurring: pick(rng, "first_payment", "first_payments", "first_months", "lifetime"),
		basis:     pick(rng, "revenue", "conversions"), currency: pick(rng, "RON", "RON", "EUR"), spent: new(big.Rat)}
	percent := func() string { return new(big.Rat).SetFrac64(int64(rng.Intn(3001)), 10000).FloatString(4) } // 0 to 0.3, 4 decimals
	amount := func() string { return new(big.Rat).SetFrac64(int64(rng.Intn(3000)), 100).FloatString(2) }
	valueOf := func(typ string) string {
		if typ == "percentage" {
			return percent()
		}
		return amount()
	}
	c.value = valueOf(c.typ)
	if c.recurring == "first_payments" || c.recurring == "first_months" {
		c.limit = 1 + rng.Intn(3)
	}
	if rng.Intn(3) == 0 {
		c.budget = rat(money(rng, 30000))
	}
	used := map[string]bool{}
	for range rng.Intn(4) {
		r := mRate{Match: pick(rng, "product_id", "sku", "category"), Type: pick(rng, "percentage", "fixed")}
		r.Key = map[string]string{"product_id": "p", "sku": "s", "category": "c"}[r.Match] + fmt.Sprint(1+rng.Intn(4))
		if used[r.Match+r.Key] {
			continue
		}
		used[r.Match+r.Key] = true
		r.Value = valueOf(r.Type)
		c.rates = append(c.rates, r)
	}
	threshold := 0
	for range rng.Intn(4) {
		if c.basis == "conversions" {
			threshold += 1 + rng.Intn(2)
		} else {
			threshold += 50 + rng.Intn(300)
		}
		c.tiers = append(c.tiers, mTier{Threshold: fmt.Sprint(threshold), Value: valueOf(c.typ)})
	}
	if rng.Intn(3) == 0 {
		c.override = valueOf(c.typ)
		exec(t, `UPDATE discount_codes SET commission_override = $2 WHERE id = $1`, p.code, c.override)
	}
	rates := make([]map[string]string, len(c.rates))
	for i, r := range c.rates {
		rates[i] = map[string]string{"match": r.Match, "key": r.Key, "commission_type": r.Type, "commission_value": r.Value}
	}
	tiers := make([]map[string]string, len(c.tiers))
	for i, tr := range c.tiers {
		tiers[i] = map[string]string{"threshold": tr.Threshold, "value": tr.Value}
	}
	rj, _ := json.Marshal(rates)
	tj, _ := json.Marshal(tiers)
	var budget any
	if c.budget != nil {
		budget = c.budget.FloatString(2)
	}
	var limit any
	if c.limit > 0 {
		limit = c.limit
	}
	exec(t, `UPDATE campaigns SET commission_type = $2, commission_value = $3, commission_base = $4, recurring = $5, recurring_limit = $6,
	         budget = $7, currency = $8, product_rates = $9, tier_basis = $10, tiers = $11 WHERE id = $1`,
		p.campaign, c.typ, c.value, c.base, c.recurring, limit, budget, c.currency, string(rj), c.basis, string(tj))
	return c
}

func randomLines(rng *rand.Rand) []mLine {
	lines := make([]mLine, rng.Intn(4))
	for i := range lines {
		lines[i] = mLine{ProductID: fmt.Sprint("p", 1+rng.Intn(5)), SKU: fmt.Sprint("s", 1+rng.Intn(5)), Qty: 1 + rng.Intn(3), Amount: money(rng, 15000)}
		for c := 1; c <= 4; c++ {
			if rng.Intn(3) == 0 {
				lines[i].Categories = append(lines[i].Categories, fmt.Sprint("c", c))
			}
		}
	}
	return lines
}

func TestCommissionRulesOnRandomPrograms(t *testing.T) {
	const programs, events = 16, 24
	seed := int64(20261126)
	var seen struct{ orders, tiers, renewals, zeroed, confirmed, matched, overridden, capped int }
	for n := range programs {
		rng := rand.New(rand.NewSource(seed + int64(n))) //nolint:gosec // G404: a seeded draw of test programs, repeatable on purpose
		t.Run(fmt.Sprint("program-", n), func(t *testing.T) {
			p := newProgram(t, tenPercentRON)
			c := randomCampaign(t, rng, p)
			t.Logf("seed %d: %+v", seed+int64(n), *c)
			svc := service()
			sc := tenancy.Brand(uuid.Nil, p.brand)
			var history []*mConversion
			subs := map[string]*mSubscription{}
			at := time.Date(2026, 10, 22, 8, 0, 0, 0, time.UTC)
			for e := range events {
				at = at.Add(time.Duration(rng.Intn(36*60)+1) * time.Minute)
				if at.After(now) {
					break
				}
				switch kind := rng.Intn(10); {
				case kind < 2 && len(history) > 0: // confirm a pending conversion
					m := history[rng.Intn(len(history))]
					if m.confirmed || !m.attributed {
						continue
					}
					_, err := svc.Review(context.Background(), sc, []uuid.UUID{m.id}, conversions.Confirm, "")
					over := c.budget != nil && new(big.Rat).Add(c.spent, rat(m.commission)).Cmp(c.budget) > 0
					switch {
					case over && err == nil:
						t.Fatalf("confirming %s past the budget was allowed", m.orderID)
					case !over && err != nil:
						t.Fatalf("confirming %s: %v", m.orderID, err)
					case !over:
						m.confirmed = true
						c.spent.Add(c.spent, rat(m.commission))
					}
				default:
					m := &mConversion{orderID: fmt.Sprint("o-", e), at: at, attributed: true}
					o := conversions.Order{OrderID: m.orderID, Currency: pick(rng, "RON", "EUR"), ConvertedAt: new(at), Source: "api"}
					m.rate = exchange(o.Currency, c.currency)
					lines := randomLines(rng)
					for _, l := range lines {
						o.Lines = append(o.Lines, conversions.Line{ProductID: l.ProductID, SKU: l.SKU, Categories: l.Categories, Quantity: l.Qty, Amount: dec(l.Amount)})
					}
					m.total = money(rng, 60000)
					o.Total = dec(m.total)
					subtotal := ""
					if rng.Intn(2) == 0 {
						subtotal = money(rng, 60000)
						o.Subtotal = new(dec(subtotal))
					}
					var sub *mSubscription
					withCode := false
					names := make([]string, 0, len(subs))
					for id := range subs {
						names = append(names, id)
					}
					if kind < 5 && len(names) > 0 { // a renewal of a subscription sold before
						m.renewal, m.subscription = true, pick(rng, names...)
						sub = subs[m.subscription]
						o.Kind, o.SubscriptionID = conversions.KindRenewal, m.subscription
					} else {
						switch rng.Intn(3) {
						case 0:
							o.DiscountCode, withCode = p.codeText, true
						case 1:
							o.ClickID = p.click(t, at.Add(-time.Hour), "ip").String()
						default:
							o.DiscountCode, withCode = p.codeText, true
							o.ClickID = p.click(t, at.Add(-time.Hour), "ip").String()
						}
						if rng.Intn(2) == 0 {
							m.subscription = fmt.Sprint("sub-", e)
							o.SubscriptionID = m.subscription
						}
					}
					c.expect(m, history, subtotal, lines, withCode, sub)
					got, created, err := svc.Ingest(context.Background(), sc, o)
					if err != nil || !created {
						t.Fatalf("order %s: %v %v", m.orderID, created, err)
					}
					m.id = got.ID
					if got.CommissionAmount.StringFixed(2) != m.commission {
						t.Errorf("order %s (%+v, lines %+v): commission %s, re-computed %s", m.orderID, o, lines, got.CommissionAmount, m.commission)
					}
					if m.renewal {
						sub.payments++
					} else if m.subscription != "" {
						subs[m.subscription] = &mSubscription{first: at, payments: 1}
					}
					history = append(history, m)
				}
			}
			compareRows(t, p, c, history)
			for _, m := range history {
				seen.orders++
				seen.tiers += min(m.tierIndex, 1)
				seen.renewals += map[bool]int{true: 1}[m.renewal]
				seen.zeroed += map[bool]int{true: 1}[m.zeroed]
				seen.confirmed += map[bool]int{true: 1}[m.confirmed]
				seen.overridden += map[bool]int{true: 1}[m.overridden]
				seen.capped += map[bool]int{true: 1}[m.capped]
				for _, l := range m.lineCommissions {
					seen.matched += map[bool]int{true: 1}[l != nil]
				}
			}
		})
	}
	// The draw must reach every rule, or the comparison proves little.
	t.Logf("%+v", seen)
	if seen.tiers == 0 || seen.renewals == 0 || seen.zeroed == 0 || seen.confirmed == 0 || seen.matched == 0 || seen.overridden == 0 || seen.capped == 0 {
		t.Errorf("the random programs miss a rule: %+v", seen)
	}
}

// compareRows reads the raw rows (conversions, conversion_lines, the campaign's spent) and
// compares them with the model.
func compareRows(t *testing.T, p program, c *mCampaign, history []*mConversion) {
	t.Helper()
	ctx := context.Background()
	for _, m := range history {
		var commission, status string
		var tier *int
		if err := pool.QueryRow(ctx, `SELECT commission_amount::text, status, tier_index FROM conversions WHERE brand_id = $1 AND id = $2`,
			p.brand, m.id).Scan(&commission, &status, &tier); err != nil {
			t.Fatal(err)
		}
		gotTier := 0
		if tier != nil {
			gotTier = *tier
		}
		if commission != m.commission || gotTier != m.tierIndex || (status == "confirmed") != m.confirmed {
			t.Errorf("row %s: commission %s tier %d %s, model %s tier %d confirmed %v", m.orderID, commission, gotTier, status, m.commission, m.tierIndex, m.confirmed)
		}
		rows, err := pool.Query(ctx, `SELECT coalesce(matched_by || ':' || matched_key, ''), coalesce(commission::text, '')
		                              FROM conversion_lines WHERE brand_id = $1 AND conversion_id = $2 ORDER BY position`, p.brand, m.id)
		if err != nil {
			t.Fatal(err)
		}
		i := 0
		for rows.Next() {
			var key, lc string
			if err := rows.Scan(&key, &lc); err != nil {
				t.Fatal(err)
			}
			want := ""
			if i < len(m.lineCommissions) && m.lineCommissions[i] != nil {
				want = m.lineCommissions[i].RatString()
			}
			got := ""
			if lc != "" {
				got = rat(lc).RatString()
			}
			if i >= len(m.lineKeys) || key != m.lineKeys[i] || got != want {
				t.Errorf("row %s line %d: %s %s, model %v %s", m.orderID, i, key, lc, m.lineKeys, want)
			}
			i++
		}
		rows.Close()
		if i != len(m.lineKeys) {
			t.Errorf("row %s: %d lines stored, model %d", m.orderID, i, len(m.lineKeys))
		}
	}
	var spent string
	if err := pool.QueryRow(ctx, `SELECT spent::text FROM campaigns WHERE id = $1`, p.campaign).Scan(&spent); err != nil {
		t.Fatal(err)
	}
	if spent != c.spent.FloatString(2) {
		t.Errorf("campaign spent %s, model %s", spent, c.spent.FloatString(2))
	}
}
