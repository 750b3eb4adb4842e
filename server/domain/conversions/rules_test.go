package conversions_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/openaffiliate/platform/server/domain/campaigns"
	"github.com/openaffiliate/platform/server/domain/conversions"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// TestEarn: product rates on their lines, the campaign's rate on the rest of the base, exact
// until one half-up rounding at the end, capped at the converted base.
func TestEarn(t *testing.T) {
	pct := func(v string) conversions.Rule { return conversions.Rule{Type: "percentage", Value: dec(v)} }
	fixed := func(v string) conversions.Rule { return conversions.Rule{Type: "fixed", Value: dec(v)} }
	shoes := campaigns.ProductRate{Match: "category", Key: "shoes", Type: "percentage", Value: dec("0.2")}
	gift := campaigns.ProductRate{Match: "sku", Key: "GIFT", Type: "fixed", Value: dec("1.5")}
	line := func(sku string, qty int, amount string, categories ...string) conversions.Line {
		return conversions.Line{SKU: sku, Quantity: qty, Amount: dec(amount), Categories: categories}
	}
	for _, tc := range []struct {
		name       string
		rules      conversions.Rules
		base, rate string
		lines      []conversions.Line
		want       string
		wantLines  []string // each line's exact commission ("" when no rate matched)
	}{
		{"no lines is the campaign's rule", conversions.Rules{Base: pct("0.1")}, "100.05", "1", nil, "10.01", nil},
		{"a category's percentage and the rest at the campaign's", conversions.Rules{Base: pct("0.1"), Products: []campaigns.ProductRate{shoes}},
			"150.00", "1", []conversions.Line{line("A", 1, "100.00", "shoes"), line("B", 1, "50.00")}, "25.00", []string{"20", ""}},
		{"fixed per unit times quantity", conversions.Rules{Base: pct("0.1"), Products: []campaigns.ProductRate{gift}},
			"100.00", "1", []conversions.Line{line("GIFT", 3, "30.00")}, "11.50", []string{"4.5"}},
		// 3 × 0.333 + 0.001 rounds once: 1.000, not 3 × 0.33.
		{"rounded once, at the end", conversions.Rules{Base: pct("0"), Products: []campaigns.ProductRate{{Match: "sku", Key: "T", Type: "percentage", Value: dec("0.111")}}},
			"9.01", "1", []conversions.Line{line("T", 1, "3.00"), line("T", 1, "3.00"), line("T", 1, "3.00")}, "1.00", []string{"0.333", "0.333", "0.333"}},
		{"the rest never below 0", conversions.Rules{Base: pct("0.5"), Products: []campaigns.ProductRate{shoes}},
			"80.00", "1", []conversions.Line{line("A", 1, "100.00", "shoes")}, "20.00", []string{"20"}},
		{"capped at the converted base", conversions.Rules{Base: pct("0.1"), Products: []campaigns.ProductRate{{Match: "sku", Key: "X", Type: "fixed", Value: dec("40")}}},
			"50.00", "1", []conversions.Line{line("X", 2, "50.00")}, "50.00", []string{"80"}},
		{"a fixed campaign rate on a rest of 0 earns 0", conversions.Rules{Base: fixed("15"), Products: []campaigns.ProductRate{shoes}},
			"100.00", "1", []conversions.Line{line("A", 1, "100.00", "shoes")}, "20.00", []string{"20"}},
		{"converted at the rate, exactly", conversions.Rules{Base: pct("0.1"), Products: []campaigns.ProductRate{shoes}},
			"100.00", "0.2010", []conversions.Line{line("A", 1, "33.33", "shoes")}, "2.68", []string{"1.339866"}},
		{"the first rate that matches wins", conversions.Rules{Base: pct("0"), Products: []campaigns.ProductRate{gift, shoes}},
			"10.00", "1", []conversions.Line{line("GIFT", 1, "10.00", "shoes")}, "1.50", []string{"1.5"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, lines := conversions.Earn(tc.rules, dec(tc.base), tc.lines, dec(tc.rate))
			if got.StringFixed(2) != tc.want || got.Exponent() < -2 {
				t.Errorf("commission %s, want %s", got, tc.want)
			}
			for i, want := range tc.wantLines {
				switch {
				case want == "" && lines[i].Rate != nil:
					t.Errorf("line %d matched %+v", i, lines[i].Rate)
				case want != "" && (lines[i].Rate == nil || !lines[i].Commission.Equal(dec(want))):
					t.Errorf("line %d: %+v, want %s", i, lines[i], want)
				}
			}
		})
	}
	// Without lines, Earn is Commission: the rule every conversion before product rates used.
	for _, r := range []conversions.Rule{pct("0.1"), pct("1"), fixed("12.5"), fixed("500")} {
		got, _ := conversions.Earn(conversions.Rules{Base: r}, dec("123.45"), nil, dec("0.9220183486"))
		if want := conversions.Commission(r, dec("123.45"), dec("0.9220183486")); !got.Equal(want) {
			t.Errorf("%+v: Earn %s, Commission %s", r, got, want)
		}
	}
}

// setRules gives the program's campaign product rates and tiers, as stored (jsonb).
func setRules(t *testing.T, p program, rates, basis, tiers string) {
	t.Helper()
	exec(t, `UPDATE campaigns SET product_rates = $2, tier_basis = $3, tiers = $4 WHERE id = $1`, p.campaign, rates, basis, tiers)
}

func confirm(t *testing.T, p program, ids ...uuid.UUID) {
	t.Helper()
	if _, err := service().Review(context.Background(), tenancy.Brand(uuid.Nil, p.brand), ids, conversions.Confirm, ""); err != nil {
		t.Fatal(err)
	}
}

// TestTiersAtThresholds: the tier is the highest whose threshold the affiliate's confirmed
// conversions this month reach (pending ones and last month's do not count); it is stored with
// the conversion, and a later change of the campaign's tiers rewrites none of it.
func TestTiersAtThresholds(t *testing.T) {
	p := newProgram(t, tenPercentRON)
	setRules(t, p, `[]`, "conversions", `[{"threshold": "2", "value": "0.15"}, {"threshold": "3", "value": "0.2"}]`)
	at := func(day int) *time.Time { return new(time.Date(2026, 11, day, 10, 0, 0, 0, time.UTC)) }
	sale := func(id string, when *time.Time) conversions.Conversion {
		o := order(id)
		o.DiscountCode, o.ConvertedAt = p.codeText, when
		return ingest(t, p.brand, o)
	}
	last := sale("T0", new(time.Date(2026, 10, 31, 23, 59, 59, 0, time.UTC)))
	a := sale("T1", at(1))
	b := sale("T2", at(2))
	confirm(t, p, last.ID, a.ID)
	c := sale("T3", at(3)) // one confirmed this month (October's does not count): no tier
	if c.Tier != nil || !c.CommissionAmount.Equal(dec("10")) {
		t.Fatalf("below the first threshold: %+v %s", c.Tier, c.CommissionAmount)
	}
	confirm(t, p, b.ID)
	d := sale("T4", at(4)) // two confirmed: exactly at the first threshold
	if d.Tier == nil || d.Tier.Index != 1 || !d.Tier.Value.Equal(dec("0.15")) || !d.CommissionAmount.Equal(dec("15")) {
		t.Fatalf("at the first threshold: %+v %s", d.Tier, d.CommissionAmount)
	}
	confirm(t, p, c.ID)
	e := sale("T5", at(5))
	if e.Tier == nil || e.Tier.Index != 2 || !e.CommissionAmount.Equal(dec("20")) {
		t.Fatalf("at the second threshold: %+v %s", e.Tier, e.CommissionAmount)
	}
	// An order dated before the confirmed ones' times sees only what came before it.
	early := sale("T1b", new(time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)))
	if early.Tier != nil {
		t.Errorf("an order of Nov 1 reached %+v", early.Tier)
	}

	// The campaign changes: its stored conversions keep their tier and commission.
	setRules(t, p, `[]`, "revenue", `[{"threshold": "1", "value": "0.9"}]`)
	exec(t, `UPDATE campaigns SET commission_value = 0.05 WHERE id = $1`, p.campaign)
	got, err := service().Get(context.Background(), tenancy.Brand(uuid.Nil, p.brand), e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Tier == nil || got.Tier.Index != 2 || got.Tier.Basis != "conversions" || !got.Tier.Threshold.Equal(dec("3")) ||
		!got.Tier.Value.Equal(dec("0.2")) || !got.CommissionAmount.Equal(dec("20")) {
		t.Errorf("after the campaign changed: %+v %s", got.Tier, got.CommissionAmount)
	}
	f := sale("T6", at(6))
	if f.Tier == nil || f.Tier.Basis != "revenue" || !f.CommissionAmount.Equal(dec("90")) {
		t.Errorf("a new order under the new tiers: %+v %s", f.Tier, f.CommissionAmount)
	}
}

// TestOverrideReplacesEveryRate: a code's override replaces the product rates and the tier; the
// lines are stored, none matched.
func TestOverrideReplacesEveryRate(t *testing.T) {
	p := newProgram(t, tenPercentRON)
	setRules(t, p, `[{"match": "sku", "key": "A", "commission_type": "percentage", "commission_value": "0.5"}]`, "conversions",
		`[{"threshold": "1", "value": "0.3"}]`)
	exec(t, `UPDATE discount_codes SET commission_override = 0.02 WHERE id = $1`, p.code)
	first := order("O1")
	first.DiscountCode = p.codeText
	confirm(t, p, ingest(t, p.brand, first).ID)
	o := order("O2")
	o.DiscountCode = p.codeText
	o.Lines = []conversions.Line{{SKU: "A", Quantity: 1, Amount: dec("60.00")}}
	c := ingest(t, p.brand, o)
	if !c.CommissionAmount.Equal(dec("2")) || c.Tier != nil || len(c.Lines) != 1 || c.Lines[0].Rate != nil {
		t.Errorf("with the override: %s %+v %+v", c.CommissionAmount, c.Tier, c.Lines)
	}
	// Without the code: the product rate on its line, the tier's value on the rest.
	click := p.click(t, now.Add(-time.Hour), "ip")
	o = order("O3")
	o.ClickID = click.String()
	o.Lines = []conversions.Line{{SKU: "A", Quantity: 1, Amount: dec("60.00")}}
	c = ingest(t, p.brand, o)
	if !c.CommissionAmount.Equal(dec("42")) || c.Tier == nil || c.Lines[0].Rate == nil || !c.Lines[0].Commission.Equal(dec("30")) {
		t.Errorf("without the override: %s %+v %+v", c.CommissionAmount, c.Tier, c.Lines)
	}
}

// TestLinesRefused: a line that cannot be stored is refused, naming its field.
func TestLinesRefused(t *testing.T) {
	p := newProgram(t, tenPercentRON)
	for field, l := range map[string]conversions.Line{
		"lines.1.quantity": {Quantity: 0, Amount: dec("1")},
		"lines.1.amount":   {Quantity: 1, Amount: dec("1.001")},
		"lines.1.sku":      {Quantity: 1, Amount: dec("1"), SKU: string(make([]byte, 256))},
	} {
		o := order("R-" + field)
		o.Lines = []conversions.Line{{Quantity: 1, Amount: dec("1")}, l}
		_, _, err := service().Ingest(context.Background(), tenancy.Brand(uuid.Nil, p.brand), o)
		if e, ok := apierror.From(err); !ok || len(e.Details) == 0 || e.Details[0].Field != field {
			t.Errorf("%s: %v", field, err)
		}
	}
}
