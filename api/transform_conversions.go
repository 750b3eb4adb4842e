package api

import (
	"fmt"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/conversions"
	"github.com/openaffiliate/platform/server/platform/amount"
	"github.com/openaffiliate/platform/server/platform/apierror"
)

func conversionOf(c conversions.Conversion) oapi.Conversion {
	return oapi.Conversion{
		Id: c.ID, OrderId: c.OrderID, CustomerEmail: c.CustomerEmail, AffiliateId: nullUUID(c.AffiliateID),
		AffiliateName: c.AffiliateName, BrandId: c.BrandID, BrandName: c.BrandName, CampaignId: nullUUID(c.CampaignID),
		CampaignName: c.CampaignName, OrderTotal: amount.Format(c.OrderTotal), Currency: c.Currency,
		CommissionAmount: amount.Format(c.CommissionAmount), CommissionCurrency: c.CommissionCurrency,
		ExchangeRate: c.ExchangeRate.String(), RefundedAmount: amount.Format(c.RefundedAmount),
		Status: oapi.ConversionStatus(c.Status), FlagReason: c.FlagReason,
		Kind: oapi.ConversionKind(c.Kind), SubscriptionId: c.SubscriptionID, CommissionNote: oapi.ConversionCommissionNote(c.CommissionNote),
		Attribution: oapi.ConversionAttribution(c.Attribution), LinkId: nullUUID(c.LinkID), LinkCode: c.LinkCode,
		DiscountCode: c.DiscountCode, Source: oapi.ConversionSource(c.Source), PayoutId: nullUUID(c.PayoutID), ConvertedAt: c.ConvertedAt,
		CreatedAt: c.CreatedAt, Tier: conversionTierOf(c.Tier), Lines: conversionLinesOf(c.Lines),
	}
}

func conversionTierOf(t *conversions.TierReached) *oapi.ConversionTier {
	if t == nil {
		return nil
	}
	return &oapi.ConversionTier{Index: t.Index, Basis: oapi.TierBasis(t.Basis), Threshold: t.Threshold.String(), Value: t.Value.String(),
		CommissionType: oapi.CommissionType(t.Type)}
}

// conversionLinesOf are a conversion's lines; nil (absent) in lists, which do not read them.
func conversionLinesOf(lines []conversions.ConversionLine) *[]oapi.ConversionLine {
	if lines == nil {
		return nil
	}
	out := make([]oapi.ConversionLine, len(lines))
	for i, l := range lines {
		out[i] = oapi.ConversionLine{
			ProductId: l.ProductID, Sku: l.SKU, Categories: l.Categories, PriceId: l.PriceID,
			Quantity: l.Quantity, Amount: amount.Format(l.Amount),
		}
		if out[i].Categories == nil {
			out[i].Categories = []string{}
		}
		if l.Rate != nil {
			rule := productRateOf(*l.Rate)
			commission := l.Commission.String()
			out[i].Rule, out[i].Commission = &rule, &commission
		}
	}
	return &out
}

// orderLines turns the contract's order lines into the order's, parsing amounts exactly.
func orderLines(in *[]oapi.ConversionLineInput) ([]conversions.Line, error) {
	if in == nil {
		return nil, nil
	}
	out := make([]conversions.Line, len(*in))
	for i, l := range *in {
		a, err := l.Amount.Decimal()
		if err != nil {
			return nil, apierror.Invalid(fmt.Sprintf("lines.%d.amount", i), "decimal", "A line's amount is not a number")
		}
		out[i] = conversions.Line{
			ProductID: deref(l.ProductId), SKU: deref(l.Sku), PriceID: deref(l.PriceId), Quantity: l.Quantity, Amount: a,
		}
		if l.Categories != nil {
			out[i].Categories = *l.Categories
		}
	}
	return out, nil
}

func conversionResponse(c conversions.Conversion) oapi.ConversionResponse {
	resp := oapi.ConversionResponse{Success: true}
	resp.Data.Conversion = conversionOf(c)
	return resp
}

func earningsOf(e conversions.Earnings) oapi.Earnings {
	return oapi.Earnings{
		Currency: e.Currency, Pending: amount.Format(e.Pending), Confirmed: amount.Format(e.Confirmed),
		Paid: amount.Format(e.Paid), Reversed: amount.Format(e.Reversed), Conversions: int(e.Conversions),
	}
}
