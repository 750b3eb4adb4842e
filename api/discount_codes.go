package api

import (
	"context"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/discountcodes"
)

// ListDiscountCodes answers a page of the codes the caller may see.
func (s *Server) ListDiscountCodes(ctx context.Context, req oapi.ListDiscountCodesRequestObject) (oapi.ListDiscountCodesResponseObject, error) {
	p := pageOf(req.Params.Query, req.Params.Limit, req.Params.Offset)
	codes, total, err := s.DiscountCodes.ListCodes(ctx, scope(ctx), p)
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

func (s *Server) createCode(ctx context.Context, b *oapi.DiscountCodeInput, generate bool) (discountcodes.DiscountCode, error) {
	dt := b.DiscountType
	f, err := codeFields(oapi.DiscountCodeUpdate{
		Code: b.Code, Description: b.Description, DiscountType: &dt, DiscountValue: b.DiscountValue,
		MinimumOrderAmount: b.MinimumOrderAmount, UsageLimit: b.UsageLimit, UsageLimitPerCustomer: b.UsageLimitPerCustomer,
		ValidFrom: b.ValidFrom, ValidUntil: b.ValidUntil, IsExclusive: b.IsExclusive, CommissionOverride: b.CommissionOverride,
		Status: b.Status,
	})
	if err != nil {
		return discountcodes.DiscountCode{}, err
	}
	return s.DiscountCodes.CreateCode(ctx, scope(ctx), b.CampaignId, b.AffiliateId, f, generate)
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
	d, err := s.DiscountCodes.UpdateCode(ctx, scope(ctx), req.Id, f)
	if err != nil {
		return nil, err
	}
	return oapi.UpdateDiscountCode200JSONResponse(codeResponse(d)), nil
}

// DeleteDiscountCode deletes a code.
func (s *Server) DeleteDiscountCode(ctx context.Context, req oapi.DeleteDiscountCodeRequestObject) (oapi.DeleteDiscountCodeResponseObject, error) {
	if err := s.DiscountCodes.DeleteCode(ctx, scope(ctx), req.Id); err != nil {
		return nil, err
	}
	return oapi.DeleteDiscountCode200JSONResponse{Success: true, Message: "Discount code deleted"}, nil
}
