package api

import (
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/amount"
	"github.com/openaffiliate/platform/server/apierror"
	"github.com/openaffiliate/platform/server/conversions"
)

func conversionOf(c conversions.Conversion) oapi.Conversion {
	return oapi.Conversion{
		Id: c.ID, OrderId: c.OrderID, CustomerEmail: c.CustomerEmail, AffiliateId: nullUUID(c.AffiliateID),
		AffiliateName: c.AffiliateName, BrandId: c.BrandID, BrandName: c.BrandName, CampaignId: nullUUID(c.CampaignID),
		CampaignName: c.CampaignName, OrderTotal: amount.Format(c.OrderTotal), Currency: c.Currency,
		CommissionAmount: amount.Format(c.CommissionAmount), CommissionCurrency: c.CommissionCurrency,
		ExchangeRate: c.ExchangeRate.String(), RefundedAmount: amount.Format(c.RefundedAmount),
		Status: oapi.ConversionStatus(c.Status), FlagReason: c.FlagReason,
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

// dayRange turns a from/to pair of days (either may be absent) into a start and an exclusive end.
func dayRange(from, to *openapi_types.Date) (since, before *time.Time, err error) {
	if from != nil {
		t := from.Time
		since = &t
	}
	if to != nil {
		t := to.AddDate(0, 0, 1)
		before = &t
	}
	if since != nil && before != nil && !since.Before(*before) {
		return nil, nil, apierror.Invalid("to", "minimum", "The end of the range is before its start")
	}
	return since, before, nil
}

// rangeDays are the list's preset ranges.
var rangeDays = map[oapi.ListConversionsParamsRange]int{"7d": 7, "30d": 30, "90d": 90, "365d": 365}
