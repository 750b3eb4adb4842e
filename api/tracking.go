package api

import (
	"context"

	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/catalogue"
	"github.com/openaffiliate/platform/server/tracking"
)

func (s *Server) linkOf(l tracking.Link) oapi.TrackingLink {
	return oapi.TrackingLink{
		Id: l.ID, Name: l.Name, ShortCode: l.ShortCode, DestinationUrl: l.DestinationUrl,
		TrackingUrl: s.Tracking.TrackingURL(l.ShortCode), Status: oapi.LinkStatus(l.Status), ClickCount: l.Clicks, BotClicks: &l.BotClicks,
		CampaignId: l.CampaignID, CampaignName: l.CampaignName, AffiliateId: l.AffiliateID, AffiliateName: l.AffiliateName,
		BrandId: l.BrandID, CreatedAt: l.CreatedAt,
	}
}

func (s *Server) linkResponse(l tracking.Link) oapi.TrackingLinkResponse {
	resp := oapi.TrackingLinkResponse{Success: true}
	resp.Data.Link = s.linkOf(l)
	return resp
}

func (s *Server) linkList(ctx context.Context, p catalogue.Page) (oapi.TrackingLinkListResponse, error) {
	links, total, err := s.Tracking.ListLinks(ctx, scope(ctx), p)
	if err != nil {
		return oapi.TrackingLinkListResponse{}, err
	}
	resp := oapi.TrackingLinkListResponse{Success: true}
	resp.Data.Links = make([]oapi.TrackingLink, len(links))
	for i, l := range links {
		resp.Data.Links[i] = s.linkOf(l)
	}
	resp.Data.Total = total
	resp.Data.Limit, resp.Data.Offset = pageInfo(p)
	return resp, nil
}

// ListTrackingLinks answers a page of the links the caller may see.
func (s *Server) ListTrackingLinks(ctx context.Context, req oapi.ListTrackingLinksRequestObject) (oapi.ListTrackingLinksResponseObject, error) {
	resp, err := s.linkList(ctx, pageOf(req.Params.Query, req.Params.Limit, req.Params.Offset))
	return oapi.ListTrackingLinks200JSONResponse(resp), err
}

// ListAffiliateLinks answers the signed-in affiliate's links.
func (s *Server) ListAffiliateLinks(ctx context.Context, _ oapi.ListAffiliateLinksRequestObject) (oapi.ListAffiliateLinksResponseObject, error) {
	resp, err := s.linkList(ctx, catalogue.Page{Limit: catalogue.MaxLimit})
	return oapi.ListAffiliateLinks200JSONResponse(resp), err
}

// CreateTrackingLink makes a link for an approved affiliate.
func (s *Server) CreateTrackingLink(ctx context.Context, req oapi.CreateTrackingLinkRequestObject) (oapi.CreateTrackingLinkResponseObject, error) {
	b := req.Body
	l, err := s.Tracking.CreateLink(ctx, scope(ctx), tracking.LinkInput{
		Name: deref(b.Name), Destination: deref(b.DestinationUrl), AffiliateID: b.AffiliateId, CampaignID: b.CampaignId,
	})
	if err != nil {
		return nil, err
	}
	return oapi.CreateTrackingLink201JSONResponse(s.linkResponse(l)), nil
}

// GenerateAffiliateLink makes a link for the signed-in affiliate.
func (s *Server) GenerateAffiliateLink(ctx context.Context, req oapi.GenerateAffiliateLinkRequestObject) (oapi.GenerateAffiliateLinkResponseObject, error) {
	b := req.Body
	l, err := s.Tracking.GenerateLink(ctx, scope(ctx), b.CampaignId, deref(b.Name), deref(b.DestinationUrl))
	if err != nil {
		return nil, err
	}
	return oapi.GenerateAffiliateLink201JSONResponse(s.linkResponse(l)), nil
}

// UpdateTrackingLink renames, moves, pauses or archives a link.
func (s *Server) UpdateTrackingLink(ctx context.Context, req oapi.UpdateTrackingLinkRequestObject) (oapi.UpdateTrackingLinkResponseObject, error) {
	in := tracking.LinkUpdate{Name: req.Body.Name, Destination: req.Body.DestinationUrl}
	if req.Body.Status != nil {
		st := string(*req.Body.Status)
		in.Status = &st
	}
	l, err := s.Tracking.UpdateLink(ctx, scope(ctx), req.Id, in)
	if err != nil {
		return nil, err
	}
	return oapi.UpdateTrackingLink200JSONResponse(s.linkResponse(l)), nil
}

// DeleteTrackingLink deletes a link and its clicks.
func (s *Server) DeleteTrackingLink(ctx context.Context, req oapi.DeleteTrackingLinkRequestObject) (oapi.DeleteTrackingLinkResponseObject, error) {
	if err := s.Tracking.DeleteLink(ctx, scope(ctx), req.Id); err != nil {
		return nil, err
	}
	return oapi.DeleteTrackingLink200JSONResponse{Success: true, Message: "Tracking link deleted"}, nil
}

// ListClicks answers recent clicks (host).
func (s *Server) ListClicks(ctx context.Context, req oapi.ListClicksRequestObject) (oapi.ListClicksResponseObject, error) {
	p := pageOf(nil, req.Params.Limit, req.Params.Offset)
	rows, total, err := s.Tracking.ListClicks(ctx, p)
	if err != nil {
		return nil, err
	}
	resp := oapi.ListClicks200JSONResponse{Success: true}
	resp.Data.Clicks = make([]oapi.Click, len(rows))
	for i, c := range rows {
		resp.Data.Clicks[i] = oapi.Click{
			Id: c.ID, ClickedAt: c.ClickedAt, LinkId: c.LinkID, CampaignId: c.CampaignID, AffiliateId: c.AffiliateID,
			BrandId: c.BrandID, IpHash: c.IpHash, UserAgent: c.UserAgent, Referrer: c.Referrer, IsBot: c.IsBot,
		}
	}
	resp.Data.Total = total
	resp.Data.Limit, resp.Data.Offset = pageInfo(p)
	return resp, nil
}

func codeOf(d tracking.DiscountCode) oapi.DiscountCode {
	out := oapi.DiscountCode{
		Id: d.ID, Code: d.Code, Description: d.Description, BrandId: d.BrandID, BrandName: d.BrandName,
		CampaignId: d.CampaignID, CampaignName: d.CampaignName, AffiliateId: d.AffiliateID, AffiliateName: d.AffiliateName,
		DiscountType: oapi.DiscountType(d.DiscountType), DiscountValue: d.DiscountValue.String(),
		CurrentUsageCount: int(d.CurrentUsageCount), ValidFrom: d.ValidFrom, ValidUntil: d.ValidUntil,
		IsExclusive: d.IsExclusive, Status: oapi.DiscountStatus(d.Status), CreatedAt: d.CreatedAt,
	}
	if d.MinimumOrderAmount.Valid {
		m := d.MinimumOrderAmount.Decimal.StringFixed(2)
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
