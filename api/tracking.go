package api

import (
	"context"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/catalogue"
	"github.com/openaffiliate/platform/server/tracking"
)

func (s *Server) linkOf(l tracking.Link) oapi.TrackingLink {
	return oapi.TrackingLink{
		Id: l.ID, Name: l.Name, ShortCode: l.ShortCode, DestinationUrl: l.DestinationUrl,
		TrackingUrl: s.Tracking.TrackingURL(l.BrandID, l.ShortCode), Status: oapi.LinkStatus(l.Status), ClickCount: l.Clicks, BotClicks: &l.BotClicks,
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
func (s *Server) ListAffiliateLinks(ctx context.Context, req oapi.ListAffiliateLinksRequestObject) (oapi.ListAffiliateLinksResponseObject, error) {
	resp, err := s.linkList(ctx, pageOf(req.Params.Query, req.Params.Limit, req.Params.Offset))
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
