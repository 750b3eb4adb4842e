package api

import (
	"context"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/links"
	"github.com/openaffiliate/platform/server/platform/paging"
)

func (s *Server) linkList(ctx context.Context, p paging.Page) (oapi.TrackingLinkListResponse, error) {
	list, total, err := s.Links.ListLinks(ctx, scope(ctx), p)
	if err != nil {
		return oapi.TrackingLinkListResponse{}, err
	}
	resp := oapi.TrackingLinkListResponse{Success: true}
	resp.Data.Links = make([]oapi.TrackingLink, len(list))
	for i, l := range list {
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
	l, err := s.Links.CreateLink(ctx, scope(ctx), links.LinkInput{
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
	l, err := s.Links.GenerateLink(ctx, scope(ctx), b.CampaignId, deref(b.Name), deref(b.DestinationUrl))
	if err != nil {
		return nil, err
	}
	return oapi.GenerateAffiliateLink201JSONResponse(s.linkResponse(l)), nil
}

// UpdateTrackingLink renames, moves, pauses or archives a link.
func (s *Server) UpdateTrackingLink(ctx context.Context, req oapi.UpdateTrackingLinkRequestObject) (oapi.UpdateTrackingLinkResponseObject, error) {
	in := links.LinkUpdate{Name: req.Body.Name, Destination: req.Body.DestinationUrl}
	if req.Body.Status != nil {
		st := string(*req.Body.Status)
		in.Status = &st
	}
	l, err := s.Links.UpdateLink(ctx, scope(ctx), req.Id, in)
	if err != nil {
		return nil, err
	}
	return oapi.UpdateTrackingLink200JSONResponse(s.linkResponse(l)), nil
}

// DeleteTrackingLink deletes a link and its clicks.
func (s *Server) DeleteTrackingLink(ctx context.Context, req oapi.DeleteTrackingLinkRequestObject) (oapi.DeleteTrackingLinkResponseObject, error) {
	if err := s.Links.DeleteLink(ctx, scope(ctx), req.Id); err != nil {
		return nil, err
	}
	return oapi.DeleteTrackingLink200JSONResponse{Success: true, Message: "Tracking link deleted"}, nil
}
