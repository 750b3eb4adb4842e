package api

import (
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/discountcodes"
	"github.com/openaffiliate/platform/server/platform/amount"
)

func codeOf(d discountcodes.DiscountCode) oapi.DiscountCode {
	out := oapi.DiscountCode{
		Id: d.ID, Code: d.Code, Description: d.Description, BrandId: d.BrandID, BrandName: d.BrandName,
		CampaignId: d.CampaignID, CampaignName: d.CampaignName, Currency: oapi.CurrencyCode(d.CampaignCurrency), AffiliateId: d.AffiliateID, AffiliateName: d.AffiliateName,
		DiscountType: oapi.DiscountType(d.DiscountType), DiscountValue: d.DiscountValue.String(),
		CurrentUsageCount: int(d.CurrentUsageCount), ValidFrom: d.ValidFrom, ValidUntil: d.ValidUntil,
		IsExclusive: d.IsExclusive, Status: oapi.DiscountStatus(d.Status), CreatedAt: d.CreatedAt,
	}
	if d.MinimumOrderAmount.Valid {
		m := amount.Format(d.MinimumOrderAmount.Decimal)
		out.MinimumOrderAmount = &m
	}
	if d.CommissionOverride.Valid {
		c := d.CommissionOverride.Decimal.String()
		out.CommissionOverride = &c
	}
	if d.UsageLimit != nil {
		n := int(*d.UsageLimit)
		out.UsageLimit = &n
	}
	if d.UsageLimitPerCustomer != nil {
		n := int(*d.UsageLimitPerCustomer)
		out.UsageLimitPerCustomer = &n
	}
	return out
}

func codeResponse(d discountcodes.DiscountCode) oapi.DiscountCodeResponse {
	resp := oapi.DiscountCodeResponse{Success: true}
	resp.Data.DiscountCode = codeOf(d)
	return resp
}

// codeFields maps the form onto the tracking fields: nullable ones are always set (nil clears).
func codeFields(b oapi.DiscountCodeUpdate) (discountcodes.CodeFields, error) {
	f := discountcodes.CodeFields{
		Code: b.Code, Description: b.Description, IsExclusive: b.IsExclusive,
		UsageLimit: ptr(intOf(b.UsageLimit)), UsageLimitPerCustomer: ptr(intOf(b.UsageLimitPerCustomer)),
		ValidFrom: ptr(b.ValidFrom), ValidUntil: ptr(b.ValidUntil),
	}
	if b.DiscountType != nil {
		t := string(*b.DiscountType)
		f.DiscountType = &t
	}
	if b.Status != nil {
		st := string(*b.Status)
		f.Status = &st
	}
	var err error
	if f.DiscountValue, err = parseDecimal("discount_value", b.DiscountValue); err != nil {
		return f, err
	}
	var min, override *decimal.Decimal
	if min, err = parseDecimal("minimum_order_amount", b.MinimumOrderAmount); err != nil {
		return f, err
	}
	if override, err = parseDecimal("commission_override", b.CommissionOverride); err != nil {
		return f, err
	}
	f.MinimumOrder, f.CommissionOverride = ptr(min), ptr(override)
	return f, nil
}
