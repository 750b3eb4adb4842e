package api_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// TestCampaignRulesContract: a campaign's product rates, tiers and tier basis are saved, read back
// exactly, replaced when sent again, and refused naming the entry's field when they cannot be kept.
func TestCampaignRulesContract(t *testing.T) {
	env := servertest.Get(t)
	p := newProgram(t, env)
	path := "/campaigns/" + p.campaign["id"].(string)
	if rates, tiers := p.campaign["product_rates"].([]any), p.campaign["tiers"].([]any); len(rates) != 0 || len(tiers) != 0 || p.campaign["tier_basis"] != "revenue" {
		t.Fatalf("a new campaign's rules: %v %v %v", rates, tiers, p.campaign["tier_basis"])
	}
	c := data(mustStatus(t, env.Call(t, http.MethodPut, path, p.brand.token, map[string]any{
		"commission_type": "percentage", "commission_value": "0.10",
		"product_rates": []any{
			map[string]any{"match": "sku", "match_value": " GHT-38 ", "commission_type": "percentage", "commission_value": "0.25"},
			map[string]any{"match": "category", "match_value": "pulovere", "commission_type": "fixed", "commission_value": 7.5},
		},
		"tier_basis": "conversions", "tiers": []any{map[string]any{"threshold": "5", "value": "0.12"}, map[string]any{"threshold": 10, "value": "0.1250"}},
	}), http.StatusOK))["campaign"].(map[string]any)
	rates := c["product_rates"].([]any)
	if len(rates) != 2 || rates[0].(map[string]any)["match_value"] != "GHT-38" || rates[1].(map[string]any)["commission_value"] != "7.5" {
		t.Errorf("product rates: %v", rates)
	}
	tiers := c["tiers"].([]any)
	if c["tier_basis"] != "conversions" || len(tiers) != 2 || tiers[1].(map[string]any)["threshold"] != "10" || tiers[1].(map[string]any)["value"] != "0.125" {
		t.Errorf("tiers: %v %v", c["tier_basis"], tiers)
	}
	// Another field's change keeps them; sending an empty list removes them.
	c = data(mustStatus(t, env.Call(t, http.MethodPut, path, p.brand.token, map[string]any{"name": "Iarna"}), http.StatusOK))["campaign"].(map[string]any)
	if len(c["product_rates"].([]any)) != 2 || len(c["tiers"].([]any)) != 2 {
		t.Errorf("kept: %v %v", c["product_rates"], c["tiers"])
	}
	c = data(mustStatus(t, env.Call(t, http.MethodPut, path, p.brand.token, map[string]any{"tiers": []any{}}), http.StatusOK))["campaign"].(map[string]any)
	if len(c["tiers"].([]any)) != 0 || len(c["product_rates"].([]any)) != 2 {
		t.Errorf("tiers removed: %v %v", c["product_rates"], c["tiers"])
	}

	rate := func(match, key, typ, value string) map[string]any {
		return map[string]any{"match": match, "match_value": key, "commission_type": typ, "commission_value": value}
	}
	tier := func(threshold, value string) map[string]any {
		return map[string]any{"threshold": threshold, "value": value}
	}
	for _, tc := range []struct {
		what  string
		body  map[string]any
		field string
	}{
		{"the same product twice", map[string]any{"product_rates": []any{rate("sku", "A", "fixed", "1"), rate("sku", "A", "fixed", "2")}}, "product_rates.1.match_value"},
		{"a percentage above 1", map[string]any{"product_rates": []any{rate("sku", "A", "percentage", "1.5")}}, "product_rates.0.commission_value"},
		{"a fixed amount with 3 decimals", map[string]any{"product_rates": []any{rate("product_id", "9", "fixed", "1.005")}}, "product_rates.0.commission_value"},
		{"a blank key", map[string]any{"product_rates": []any{rate("category", "  ", "fixed", "1")}}, "product_rates.0.match_value"},
		{"an unknown match", map[string]any{"product_rates": []any{rate("brand", "x", "fixed", "1")}}, "product_rates.0.match"},
		{"thresholds not ascending", map[string]any{"tiers": []any{tier("100", "0.2"), tier("100", "0.3")}}, "tiers.1.threshold"},
		{"a tier above 100%", map[string]any{"tiers": []any{tier("100", "1.2")}}, "tiers.0.value"},
		{"a fraction of a conversion", map[string]any{"tier_basis": "conversions", "tiers": []any{tier("2.5", "0.2")}}, "tiers.0.threshold"},
		{"a threshold of 0", map[string]any{"tiers": []any{tier("0", "0.2")}}, "tiers.0.threshold"},
		{"eleven tiers", map[string]any{"tiers": []any{tier("1", "0"), tier("2", "0"), tier("3", "0"), tier("4", "0"), tier("5", "0"), tier("6", "0"),
			tier("7", "0"), tier("8", "0"), tier("9", "0"), tier("10", "0"), tier("11", "0")}}, "tiers"},
	} {
		wantFieldError(t, tc.what, env.Call(t, http.MethodPut, path, p.brand.token, tc.body), tc.field)
	}
	// A fixed campaign's tiers are amounts: turning it into a percentage checks the tiers it keeps.
	mustStatus(t, env.Call(t, http.MethodPut, path, p.brand.token, map[string]any{
		"commission_type": "fixed", "commission_value": "20", "tier_basis": "revenue", "tiers": []any{tier("1000", "35")},
	}), http.StatusOK)
	wantFieldError(t, "a percentage with a tier of 35", env.Call(t, http.MethodPut, path, p.brand.token, map[string]any{
		"commission_type": "percentage", "commission_value": "0.1",
	}), "tiers.0.value")

	// Another brand cannot change them (it reads only its own campaigns).
	other := newProgram(t, env)
	mustStatus(t, env.Call(t, http.MethodPut, path, other.brand.token, map[string]any{"tiers": []any{tier("1", "40")}}), http.StatusNotFound)
	if n := count(t, env, "SELECT count(*) FROM campaigns WHERE id = $1 AND tiers = '[{\"value\": \"35\", \"threshold\": \"1000\"}]'", p.campaign["id"]); n != 1 {
		t.Errorf("another brand changed the tiers")
	}

	created := createCampaign(t, env, p.brand.token, map[string]any{"name": "Produse", "product_rates": []any{rate("price_id", "price_123", "percentage", "0.3")}})
	if r := created["product_rates"].([]any); len(r) != 1 || r[0].(map[string]any)["match"] != "price_id" {
		t.Errorf("created with a product rate: %v", r)
	}
}

// TestConversionLines: an order reported with lines earns its product rates on the lines they
// match and the campaign's rate on the rest; the conversion's detail shows each line with its rule
// and exact commission; a bad line is refused naming it; another brand cannot read the lines.
func TestConversionLines(t *testing.T) {
	env := servertest.Get(t)
	p := subscribed(t, env, map[string]any{"recurring": "lifetime",
		"product_rates": []any{map[string]any{"match": "sku", "match_value": "PRO", "commission_type": "percentage", "commission_value": "0.3"}}})
	lines := []any{
		map[string]any{"product_id": "7", "sku": "PRO", "quantity": 1, "amount": "60.00"},
		map[string]any{"product_id": "8", "sku": "ADDON", "categories": []any{"extra"}, "quantity": 2, "amount": "40.00"},
	}
	first := pay(t, env, p.brand.token, http.StatusCreated, map[string]any{"order_id": "l-1", "discount_code": "ABO10", "subscription_id": "sub-l", "lines": lines})
	// 30% of 60 + 10% of the rest (100 - 60).
	wantEarned(t, "first payment", first, "sale", "discount_code", p.affID, "22.00", "")
	renewal := pay(t, env, p.brand.token, http.StatusCreated, map[string]any{"order_id": "l-2", "kind": "renewal", "subscription_id": "sub-l", "lines": lines})
	wantEarned(t, "renewal", renewal, "renewal", "discount_code", p.affID, "22.00", "")
	if renewal["tier"] != nil {
		t.Errorf("a tier without tiers: %v", renewal["tier"])
	}

	got := data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions/"+renewal["id"].(string), p.brand.token, nil), http.StatusOK))["conversion"].(map[string]any)
	gotLines, _ := got["lines"].([]any)
	if len(gotLines) != 2 {
		t.Fatalf("lines: %v", got["lines"])
	}
	pro, addon := gotLines[0].(map[string]any), gotLines[1].(map[string]any)
	if rule, _ := pro["rule"].(map[string]any); rule == nil || rule["match_value"] != "PRO" || pro["commission"] != "18" || pro["amount"] != "60.00" {
		t.Errorf("the PRO line: %v", pro)
	}
	if addon["rule"] != nil || addon["commission"] != nil || addon["quantity"] != float64(2) || addon["categories"].([]any)[0] != "extra" {
		t.Errorf("the ADDON line: %v", addon)
	}
	// The affiliate sees its conversion's lines too.
	aff := data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions/"+renewal["id"].(string), p.affiliate.token, nil), http.StatusOK))["conversion"].(map[string]any)
	if l, _ := aff["lines"].([]any); len(l) != 2 {
		t.Errorf("the affiliate's view: %v", aff["lines"])
	}
	// Lists do not carry lines.
	list := data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions", p.brand.token, nil), http.StatusOK))["conversions"].([]any)
	if _, has := list[0].(map[string]any)["lines"]; has {
		t.Errorf("a list carries lines")
	}

	for field, line := range map[string]map[string]any{
		"lines.1.amount":   {"quantity": 1, "amount": "-1.00"},
		"lines.1.quantity": {"quantity": 0, "amount": "1.00"},
	} {
		r := env.Call(t, http.MethodPost, "/conversions/process", p.brand.token, map[string]any{
			"order_id": "bad-" + field, "order_total": "10.00", "currency": "RON", "lines": []any{lines[0], line},
		})
		wantFieldError(t, "a bad line", r, field)
	}

	other := newProgram(t, env)
	mustStatus(t, env.Call(t, http.MethodGet, "/conversions/"+renewal["id"].(string), other.brand.token, nil), http.StatusNotFound)
	mustStatus(t, env.Call(t, http.MethodGet, "/conversions/"+renewal["id"].(string), other.affiliate.token, nil), http.StatusNotFound)
	if n := count(t, env, "SELECT count(*) FROM conversion_lines WHERE brand_id = $1", other.brand.brandID()); n != 0 {
		t.Errorf("the other brand holds %d lines", n)
	}
}

// TestShopProductRates: a WooCommerce line matches a category rate through the plugin's
// _aff_categories meta, and a Shopify line a SKU rate (Shopify's orders carry no collections).
func TestShopProductRates(t *testing.T) {
	env := servertest.Get(t)
	s := newStore(t, env, codeShop(t, env))
	mustStatus(t, env.Call(t, http.MethodPut, "/campaigns/"+s.campaign["id"].(string), s.brand.token, map[string]any{
		"product_rates": []any{
			map[string]any{"match": "category", "match_value": "iarna", "commission_type": "percentage", "commission_value": "0.25"},
			map[string]any{"match": "sku", "match_value": "GHT-38", "commission_type": "fixed", "commission_value": "30"},
		},
		"commission_type": "percentage", "commission_value": "0.10",
	}), http.StatusOK)
	// The code's override (10%) replaces every rate: 10% of the subtotal, 180.00.
	_, c := result(mustStatus(t, s.deliver(t, env, "order.created", "pr-0", s.secret, wcOrder("7100", "processing")), http.StatusOK))
	if c["commission_amount"] != "18.00" {
		t.Errorf("with the override: %v", c["commission_amount"])
	}
	if _, err := env.App.Pool.Exec(context.Background(), `UPDATE discount_codes SET commission_override = NULL WHERE campaign_id = $1`, s.campaign["id"]); err != nil {
		t.Fatal(err)
	}
	// The sweater (108.00, category iarna) earns 25%; the scarf, the rest of the subtotal (72.00), 10%.
	_, c = result(mustStatus(t, s.deliver(t, env, "order.created", "pr-1", s.secret, wcOrder("7101", "processing")), http.StatusOK))
	if c["commission_amount"] != "34.20" {
		t.Errorf("WooCommerce: %v", c["commission_amount"])
	}
	// The boots (GHT-38, one pair) earn 30.00 fixed; nothing is left of the subtotal.
	_, c = result(mustStatus(t, s.send(t, env, "orders/create", "pr-2", s.secret, recentOrder("5837293649501")), http.StatusOK))
	if c["commission_amount"] != "30.00" {
		t.Errorf("Shopify: %v", c["commission_amount"])
	}
	got := data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions/"+c["id"].(string), s.brand.token, nil), http.StatusOK))["conversion"].(map[string]any)
	if l, _ := got["lines"].([]any); len(l) != 1 || l[0].(map[string]any)["commission"] != "30" {
		t.Errorf("Shopify's lines: %v", got["lines"])
	}
}

// TestCampaignNullsFollowTheContract: a campaign's recurring rule, commission base and tier basis
// are not nullable, so null is refused naming the field, on create and update, and stores
// nothing; on update a null product_rates or tiers keeps the list, as the contract says.
func TestCampaignNullsFollowTheContract(t *testing.T) {
	env := servertest.Get(t)
	b, domain := newBrand(t, env)
	home := "https://" + domain + "/"
	before := count(t, env, "SELECT count(*) FROM campaigns WHERE brand_id = $1", b.brandID())
	for _, field := range []string{"recurring", "commission_base", "tier_basis", "product_rates", "tiers"} {
		wantFieldError(t, "create with "+field+" null", env.Call(t, http.MethodPost, "/campaigns", b.token,
			map[string]any{"name": "Nulls", "homepage_url": home, field: nil}), field)
	}
	if n := count(t, env, "SELECT count(*) FROM campaigns WHERE brand_id = $1", b.brandID()); n != before {
		t.Fatalf("refused creations stored %d campaigns", n-before)
	}

	c := createCampaign(t, env, b.token, map[string]any{
		"name": "Rules", "homepage_url": home, "recurring": "lifetime", "commission_base": "total", "tier_basis": "conversions",
		"product_rates": []any{map[string]any{"match": "sku", "match_value": "A-1", "commission_type": "fixed", "commission_value": "5"}},
		"tiers":         []any{map[string]any{"threshold": "3", "value": "0.2"}},
	})
	path := "/campaigns/" + c["id"].(string)
	for _, field := range []string{"recurring", "commission_base", "tier_basis"} {
		wantFieldError(t, "update with "+field+" null", env.Call(t, http.MethodPut, path, b.token, map[string]any{"name": "Changed", field: nil}), field)
	}
	got := data(mustStatus(t, env.Call(t, http.MethodPut, path, b.token, map[string]any{"name": "Kept", "product_rates": nil, "tiers": nil}), http.StatusOK))["campaign"].(map[string]any)
	if got["name"] != "Kept" || got["recurring"] != "lifetime" || got["commission_base"] != "total" || got["tier_basis"] != "conversions" ||
		len(got["product_rates"].([]any)) != 1 || len(got["tiers"].([]any)) != 1 {
		t.Errorf("an update with null lists: %v", got)
	}
}
