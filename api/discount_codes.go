package api

import (
	"context"

	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/amount"
	"github.com/openaffiliate/platform/server/tracking"
)

func codeOf(d tracking.DiscountCode) oapi.DiscountCode {
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

func codeResponse(d tracking.DiscountCode) oapi.DiscountCodeResponse {
	resp := oapi.DiscountCodeResponse{Success: true}
	resp.Data.DiscountCode = codeOf(d)
	return resp
}

// ListDiscountCodes answers a page of the codes the caller may see.
func (s *Server) ListDiscountCodes(ctx context.Context, req oapi.ListDiscountCodesRequestObject) (oapi.ListDiscountCodesResponseObject, error) {
	p := pageOf(req.Params.Query, req.Params.Limit, req.Params.Offset)
	codes, total, err := s.Tracking.ListCodes(ctx, scope(ctx), p)
	if err != nil {
		return nil, err
	}
	resp := oapi.ListDiscountCodes200JSONResponse{Success: true}
	resp.Data.DiscountCodes = make([]oapi.DiscountCode, len(codes))
	for i, c := range codes {
		resp.Data.DiscountCodes[i] = codeOf(c)
	}
	resp.Data.Total = total
	resp.Data.Limit, resp.Data.Offset = pageInfo(p)
	return resp, nil
}

func (s *Server) createCode(ctx context.Context, b *oapi.DiscountCodeInput, generate bool) (tracking.DiscountCode, error) {
	dt := b.DiscountType
	f, err := codeFields(oapi.DiscountCodeUpdate{
		Code: b.Code, Description: b.Description, DiscountType: &dt, DiscountValue: b.DiscountValue,
		MinimumOrderAmount: b.MinimumOrderAmount, UsageLimit: b.UsageLimit, UsageLimitPerCustomer: b.UsageLimitPerCustomer,
		ValidFrom: b.ValidFrom, ValidUntil: b.ValidUntil, IsExclusive: b.IsExclusive, CommissionOverride: b.CommissionOverride,
		Status: b.Status,
	})
	if err != nil {
		return tracking.DiscountCode{}, err
	}
	return s.Tracking.CreateCode(ctx, scope(ctx), b.CampaignId, b.AffiliateId, f, generate)
}

// CreateDiscountCode creates a code.
func (s *Server) CreateDiscountCode(ctx context.Context, req oapi.CreateDiscountCodeRequestObject) (oapi.CreateDiscountCodeResponseObject, error) {
	d, err := s.createCode(ctx, req.Body, false)
	if err != nil {
		return nil, err
	}
	return oapi.CreateDiscountCode201JSONResponse(codeResponse(d)), nil
}

// GenerateDiscountCode creates a code with a random unique value.
func (s *Server) GenerateDiscountCode(ctx context.Context, req oapi.GenerateDiscountCodeRequestObject) (oapi.GenerateDiscountCodeResponseObject, error) {
	d, err := s.createCode(ctx, req.Body, true)
	if err != nil {
		return nil, err
	}
	return oapi.GenerateDiscountCode201JSONResponse(codeResponse(d)), nil
}

// UpdateDiscountCode replaces a code's form fields.
func (s *Server) UpdateDiscountCode(ctx context.Context, req oapi.UpdateDiscountCodeRequestObject) (oapi.UpdateDiscountCodeResponseObject, error) {
	f, err := codeFields(*req.Body)
	if err != nil {
		return nil, err
	}
	d, err := s.Tracking.UpdateCode(ctx, scope(ctx), req.Id, f)
	if err != nil {
		return nil, err
	}
	return oapi.UpdateDiscountCode200JSONResponse(codeResponse(d)), nil
}

// DeleteDiscountCode deletes a code.
func (s *Server) DeleteDiscountCode(ctx context.Context, req oapi.DeleteDiscountCodeRequestObject) (oapi.DeleteDiscountCodeResponseObject, error) {
	if err := s.Tracking.DeleteCode(ctx, scope(ctx), req.Id); err != nil {
		return nil, err
	}
	return oapi.DeleteDiscountCode200JSONResponse{Success: true, Message: "Discount code deleted"}, nil
}

// codeFields maps the form onto the tracking fields: nullable ones are always set (nil clears).
func codeFields(b oapi.DiscountCodeUpdate) (tracking.CodeFields, error) {
	f := tracking.CodeFields{
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

func intOf(n *int32) *int {
	if n == nil {
		return nil
	}
	v := int(*n)
	return &v
}
