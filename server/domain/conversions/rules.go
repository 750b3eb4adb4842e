package conversions

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/campaigns"
	"github.com/openaffiliate/platform/server/platform/apierror"
)

// TierReached is the performance tier a conversion reached when it was stored (docs/product.md
// §6.1): its 1-based place in the campaign's list then, the basis and threshold passed, and the
// value (of Type, the campaign's commission type then) that replaced the campaign's rate. It is
// history: a later change of the campaign keeps it.
type TierReached struct {
	Index     int
	Basis     string
	Threshold decimal.Decimal
	Value     decimal.Decimal
	Type      string
}

// ConversionLine is a stored line of a conversion's order, with the product rate it matched when
// stored (nil: it earned within the rest of the order) and that rate's exact commission.
type ConversionLine struct {
	Line
	Rate       *campaigns.ProductRate
	Commission decimal.Decimal
}

// MonthOf is the start of the calendar month (UTC) of t, where tiers count an affiliate's standing.
func MonthOf(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
}

// rulesFor are the rates an attributed order earns by in campaign: a code's override (nil: none)
// replaces every rate; else the campaign's product rates, and its rate or the value of the highest
// tier the affiliate's confirmed standing this month had reached at the order's time.
func (s *Service) rulesFor(ctx context.Context, db queries.DBTX, brandID uuid.UUID, campaign queries.Campaign,
	affiliateID uuid.UUID, at time.Time, override *decimal.Decimal) (Rules, *TierReached, error) {
	rule := Rule{Type: campaign.CommissionType, Value: campaign.CommissionValue}
	if override != nil {
		rule.Value = *override
		return Rules{Base: rule}, nil, nil
	}
	products, err := campaigns.ProductRatesOf(campaign.ProductRates)
	if err != nil {
		return Rules{}, nil, err
	}
	tier, err := s.reachedTier(ctx, db, brandID, campaign, affiliateID, at)
	if err != nil {
		return Rules{}, nil, err
	}
	if tier != nil {
		rule.Value = tier.Value
	}
	return Rules{Base: rule, Products: products}, tier, nil
}

// reachedTier is the highest of the campaign's tiers whose threshold the affiliate's confirmed
// conversions (or their revenue, in the campaign's currency) from the start of at's month up to at
// reach, or nil.
func (s *Service) reachedTier(ctx context.Context, db queries.DBTX, brandID uuid.UUID, campaign queries.Campaign,
	affiliateID uuid.UUID, at time.Time) (*TierReached, error) {
	tiers, err := campaigns.TiersOf(campaign.Tiers)
	if err != nil || len(tiers) == 0 {
		return nil, err
	}
	standing, err := s.q.TierStanding(ctx, db, queries.TierStandingParams{
		BrandID: brandID, CampaignID: uuid.NullUUID{UUID: campaign.ID, Valid: true},
		AffiliateID: uuid.NullUUID{UUID: affiliateID, Valid: true}, Currency: campaign.Currency,
		MonthStart: MonthOf(at), Until: at,
	})
	if err != nil {
		return nil, err
	}
	measure := standing.Revenue
	if campaign.TierBasis == "conversions" {
		measure = decimal.NewFromInt32(standing.Conversions)
	}
	for i := len(tiers) - 1; i >= 0; i-- {
		if measure.GreaterThanOrEqual(tiers[i].Threshold) {
			return &TierReached{Index: i + 1, Basis: campaign.TierBasis, Threshold: tiers[i].Threshold, Value: tiers[i].Value, Type: campaign.CommissionType}, nil
		}
	}
	return nil, nil
}

// storedLine is one line as StoreConversionRules reads it (conversion_lines' columns).
type storedLine struct {
	Position        int              `json:"position"`
	ProductID       string           `json:"product_id"`
	SKU             string           `json:"sku"`
	Categories      []string         `json:"categories"`
	PriceID         string           `json:"price_id"`
	Quantity        int              `json:"quantity"`
	Amount          string           `json:"amount"`
	MatchedBy       *string          `json:"matched_by"`
	MatchedKey      *string          `json:"matched_key"`
	CommissionType  *string          `json:"commission_type"`
	CommissionValue *decimal.Decimal `json:"commission_value"`
	Commission      *decimal.Decimal `json:"commission"`
}

// storeRules stores, with the conversion just recorded, its order's lines and the tier it reached;
// nothing (and no round trip) when it has neither. Two statements, not one with a conditional
// modifying CTE: Citus finds no shard for a CTE whose condition is false.
func (s *Service) storeRules(ctx context.Context, db queries.DBTX, brandID, conversionID uuid.UUID, lines []ConversionLine, tier *TierReached) error {
	if len(lines) == 0 && tier == nil {
		return nil
	}
	rows := make([]storedLine, len(lines))
	for i, l := range lines {
		rows[i] = storedLine{
			Position: i + 1, ProductID: l.ProductID, SKU: l.SKU, Categories: l.Categories, PriceID: l.PriceID,
			Quantity: l.Quantity, Amount: l.Amount.String(),
		}
		if rows[i].Categories == nil {
			rows[i].Categories = []string{}
		}
		if l.Rate != nil {
			rows[i].MatchedBy, rows[i].MatchedKey, rows[i].CommissionType = &l.Rate.Match, &l.Rate.Key, &l.Rate.Type
			rows[i].CommissionValue, rows[i].Commission = &l.Rate.Value, &l.Commission
		}
	}
	if tier != nil {
		index := int16(tier.Index) //nolint:gosec // G115: a place in a list of at most 10 tiers (campaigns.checkTiers)
		if err := s.q.StoreConversionTier(ctx, db, queries.StoreConversionTierParams{
			BrandID: brandID, ConversionID: conversionID, TierIndex: &index, TierBasis: &tier.Basis,
			TierThreshold: decimal.NullDecimal{Decimal: tier.Threshold, Valid: true},
			TierValue:     decimal.NullDecimal{Decimal: tier.Value, Valid: true}, TierCommissionType: &tier.Type,
		}); err != nil {
			return err
		}
	}
	if len(rows) == 0 {
		return nil
	}
	payload, err := json.Marshal(rows)
	if err != nil {
		return err
	}
	return s.q.StoreConversionLines(ctx, db, queries.StoreConversionLinesParams{BrandID: brandID, ConversionID: conversionID, Lines: payload})
}

// linesOf are a conversion's stored lines.
func (s *Service) linesOf(ctx context.Context, db queries.DBTX, brandID, conversionID uuid.UUID) ([]ConversionLine, error) {
	rows, err := s.q.ListConversionLines(ctx, db, queries.ListConversionLinesParams{BrandID: brandID, ConversionID: conversionID})
	if err != nil {
		return nil, err
	}
	out := make([]ConversionLine, len(rows))
	for i, r := range rows {
		out[i].Line = Line{
			ProductID: r.ProductID, SKU: r.Sku, Categories: r.Categories, PriceID: r.PriceID,
			Quantity: int(r.Quantity), Amount: r.Amount,
		}
		if r.MatchedBy != nil && r.MatchedKey != nil && r.CommissionType != nil {
			out[i].Rate = &campaigns.ProductRate{Match: *r.MatchedBy, Key: *r.MatchedKey, Type: *r.CommissionType, Value: r.CommissionValue.Decimal}
			out[i].Commission = r.Commission.Decimal
		}
	}
	return out, nil
}

// tierOf is the tier a stored conversion's row says it reached, or nil.
func tierOf(v queries.Conversion) *TierReached {
	if v.TierIndex == nil || v.TierBasis == nil || v.TierCommissionType == nil {
		return nil
	}
	return &TierReached{Index: int(*v.TierIndex), Basis: *v.TierBasis, Threshold: v.TierThreshold.Decimal, Value: v.TierValue.Decimal,
		Type: *v.TierCommissionType}
}

// maxLines is the most lines an order may carry (conversion_lines.position's range).
const maxLines = 500

// checkLines refuses lines that cannot be stored, naming the line's field (lines.2.amount); it
// trims the ids it keeps and drops empty categories.
func checkLines(lines []Line) error {
	if len(lines) > maxLines {
		return apierror.Invalid("lines", "maxItems", fmt.Sprintf("An order has at most %d lines", maxLines))
	}
	for i := range lines {
		l := &lines[i]
		field := fmt.Sprintf("lines.%d.", i)
		l.ProductID, l.SKU, l.PriceID = strings.TrimSpace(l.ProductID), strings.TrimSpace(l.SKU), strings.TrimSpace(l.PriceID)
		categories := make([]string, 0, len(l.Categories))
		for _, c := range l.Categories {
			if c = strings.TrimSpace(c); c != "" {
				categories = append(categories, c)
			}
		}
		l.Categories = categories
		for j, v := range []string{l.ProductID, l.SKU, l.PriceID} {
			if utf8.RuneCountInString(v) > 255 {
				name := []string{"product_id", "sku", "price_id"}[j]
				return apierror.Invalid(field+name, "maxLength", "A line's "+name+" has at most 255 characters")
			}
		}
		switch {
		case len(l.Categories) > 50:
			return apierror.Invalid(field+"categories", "maxItems", "A line has at most 50 categories")
		case slices.ContainsFunc(l.Categories, func(c string) bool { return utf8.RuneCountInString(c) > 255 }):
			return apierror.Invalid(field+"categories", "maxLength", "A category has at most 255 characters")
		case l.Quantity < 1 || l.Quantity > 1_000_000:
			return apierror.Invalid(field+"quantity", "minimum", "A line's quantity is 1 to 1000000")
		case l.Amount.IsNegative():
			return apierror.Invalid(field+"amount", "minimum", "A line's amount must not be negative")
		case l.Amount.GreaterThan(maxOrderTotal):
			return apierror.Invalid(field+"amount", "maximum", "A line's amount is larger than any order can be")
		case !l.Amount.Equal(l.Amount.Round(2)):
			return apierror.Invalid(field+"amount", "decimal", "A line's amount has at most two decimals")
		}
	}
	return nil
}
