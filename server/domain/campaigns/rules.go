package campaigns

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/server/platform/apierror"
)

// ProductRate is a campaign's own rate for the order lines it matches (docs/product.md §6.1): a
// fraction of the line's amount ("percentage") or an amount per unit sold ("fixed", in the
// campaign's currency).
type ProductRate struct {
	Match string // what of a line it compares: ProductMatches
	Key   string // the product id, SKU, category or Stripe price/product id it names
	Type  string // percentage or fixed
	Value decimal.Decimal
}

// Matches says whether the rate applies to a line with these ids and categories.
func (r ProductRate) Matches(productID, sku, priceID string, categories []string) bool {
	switch r.Match {
	case "product_id":
		return productID != "" && productID == r.Key
	case "sku":
		return sku != "" && sku == r.Key
	case "price_id":
		return priceID != "" && priceID == r.Key
	case "category":
		return slices.Contains(categories, r.Key)
	}
	return false
}

// Tier is a performance tier: once an affiliate's standing in the calendar month reaches
// Threshold, Value replaces the campaign's commission value (of the campaign's type).
type Tier struct {
	Threshold decimal.Decimal
	Value     decimal.Decimal
}

// What a product rate matches, what a tier's threshold counts, and how many of each a campaign has.
var (
	ProductMatches = []string{"product_id", "sku", "category", "price_id"}
	TierBases      = []string{"revenue", "conversions"}
)

const (
	maxProductRates = 50
	maxTiers        = 10
)

var (
	maxValue     = decimal.RequireFromString("9999999999.9999")
	maxThreshold = decimal.RequireFromString("999999999999.99")
)

// storedRate and storedTier are the jsonb shapes of the campaigns table (decimals as strings,
// exact; migration 000031 checks them).
type storedRate struct {
	Match string `json:"match"`
	Key   string `json:"key"`
	Type  string `json:"commission_type"`
	Value string `json:"commission_value"`
}

type storedTier struct {
	Threshold string `json:"threshold"`
	Value     string `json:"value"`
}

func encodeRates(rates []ProductRate) []byte {
	out := make([]storedRate, len(rates))
	for i, r := range rates {
		out[i] = storedRate{Match: r.Match, Key: r.Key, Type: r.Type, Value: r.Value.String()}
	}
	b, _ := json.Marshal(out) // strings only: it cannot fail
	return b
}

func encodeTiers(tiers []Tier) []byte {
	out := make([]storedTier, len(tiers))
	for i, t := range tiers {
		out[i] = storedTier{Threshold: t.Threshold.String(), Value: t.Value.String()}
	}
	b, _ := json.Marshal(out)
	return b
}

// ProductRatesOf reads a campaign's stored product rates.
func ProductRatesOf(stored []byte) ([]ProductRate, error) {
	var in []storedRate
	if err := json.Unmarshal(stored, &in); err != nil {
		return nil, fmt.Errorf("campaign product rates: %w", err)
	}
	out := make([]ProductRate, len(in))
	for i, r := range in {
		v, err := decimal.NewFromString(r.Value)
		if err != nil {
			return nil, fmt.Errorf("campaign product rate %d: %w", i, err)
		}
		out[i] = ProductRate{Match: r.Match, Key: r.Key, Type: r.Type, Value: v}
	}
	return out, nil
}

// TiersOf reads a campaign's stored tiers.
func TiersOf(stored []byte) ([]Tier, error) {
	var in []storedTier
	if err := json.Unmarshal(stored, &in); err != nil {
		return nil, fmt.Errorf("campaign tiers: %w", err)
	}
	out := make([]Tier, len(in))
	for i, t := range in {
		threshold, err := decimal.NewFromString(t.Threshold)
		if err != nil {
			return nil, fmt.Errorf("campaign tier %d: %w", i, err)
		}
		v, err := decimal.NewFromString(t.Value)
		if err != nil {
			return nil, fmt.Errorf("campaign tier %d: %w", i, err)
		}
		out[i] = Tier{Threshold: threshold, Value: v}
	}
	return out, nil
}

// checkValue refuses a commission value its type does not allow: negative, a percentage above 1
// (a fraction: 0.10 is 10%), more than 4 decimals, or a fixed amount with more than 2.
func checkValue(field, commissionType string, v decimal.Decimal) error {
	switch {
	case v.IsNegative():
		return apierror.Validation(field, "A commission must not be negative")
	case v.GreaterThan(maxValue) || !v.Equal(v.Round(4)):
		return apierror.Validation(field, "A commission value has at most 10 digits before the point and 4 after")
	case commissionType == "percentage" && v.GreaterThan(decimal.NewFromInt(1)):
		return apierror.Validation(field, "A percentage commission is a fraction: 0.10 is 10%")
	case commissionType == "fixed" && !v.Equal(v.Round(2)):
		return apierror.Validation(field, "A fixed commission has at most two decimals")
	}
	return nil
}

// checkProductRates refuses a list of product rates that cannot be kept, naming the entry's field
// (product_rates.2.match_value, as the contract's validator names a field in a list); it trims the keys it keeps.
func checkProductRates(rates []ProductRate) error {
	if len(rates) > maxProductRates {
		return apierror.Validation("product_rates", fmt.Sprintf("A campaign has at most %d product rates", maxProductRates))
	}
	seen := map[string]bool{}
	for i := range rates {
		r := &rates[i]
		field := fmt.Sprintf("product_rates.%d", i)
		r.Key = strings.TrimSpace(r.Key)
		switch {
		case !slices.Contains(ProductMatches, r.Match):
			return apierror.Validation(field+".match", "A product rate matches by one of: "+strings.Join(ProductMatches, ", "))
		case r.Key == "":
			return apierror.Validation(field+".match_value", "Name the product id, SKU, category or price the rate is for")
		case utf8.RuneCountInString(r.Key) > 255:
			return apierror.Validation(field+".match_value", "A product key has at most 255 characters")
		case !slices.Contains(CommissionTypes, r.Type):
			return apierror.Validation(field+".commission_type", "Commission type must be one of: "+strings.Join(CommissionTypes, ", "))
		case seen[r.Match+":"+r.Key]:
			return apierror.Validation(field+".match_value", "This product already has a rate in the campaign")
		}
		if err := checkValue(field+".commission_value", r.Type, r.Value); err != nil {
			return err
		}
		seen[r.Match+":"+r.Key] = true
	}
	return nil
}

// checkTiers refuses tiers that cannot be kept: more than maxTiers, thresholds not above 0 or not
// strictly ascending (a whole number for the conversions basis, money for revenue), or values
// the campaign's commission type does not allow.
func checkTiers(tiers []Tier, basis, commissionType string) error {
	if len(tiers) > maxTiers {
		return apierror.Validation("tiers", fmt.Sprintf("A campaign has at most %d tiers", maxTiers))
	}
	previous := decimal.Zero
	for i, t := range tiers {
		field := fmt.Sprintf("tiers.%d", i)
		switch {
		case !t.Threshold.IsPositive() || t.Threshold.GreaterThan(maxThreshold):
			return apierror.Validation(field+".threshold", "A tier's threshold is above 0 and at most 999999999999.99")
		case basis == "conversions" && !t.Threshold.IsInteger():
			return apierror.Validation(field+".threshold", "A threshold of conversions is a whole number")
		case !t.Threshold.Equal(t.Threshold.Round(2)):
			return apierror.Validation(field+".threshold", "A revenue threshold has at most two decimals")
		case !t.Threshold.GreaterThan(previous):
			return apierror.Validation(field+".threshold", "Each tier's threshold is above the one before it")
		}
		if err := checkValue(field+".value", commissionType, t.Value); err != nil {
			return err
		}
		previous = t.Threshold
	}
	return nil
}

// applyRules writes the given product rates, tiers and tier basis onto c and checks the result
// against c's commission type (a change of type checks the tiers it keeps).
func applyRules(c *Campaign, f CampaignFields) error {
	if f.ProductRates != nil {
		rates := slices.Clone(*f.ProductRates)
		if err := checkProductRates(rates); err != nil {
			return err
		}
		c.ProductRates = rates
	}
	if f.TierBasis != nil {
		if !slices.Contains(TierBases, *f.TierBasis) {
			return apierror.Validation("tier_basis", "The tier basis is one of: "+strings.Join(TierBases, ", "))
		}
		c.TierBasis = *f.TierBasis
	}
	if f.Tiers != nil {
		c.Tiers = slices.Clone(*f.Tiers)
	}
	return checkTiers(c.Tiers, c.TierBasis, c.CommissionType)
}
