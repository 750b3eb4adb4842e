package api

import (
	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/conversions"
	"github.com/openaffiliate/platform/server/platform/amount"
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
		CreatedAt: c.CreatedAt,
	}
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
