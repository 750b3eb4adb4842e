package api

import (
	"context"

	"github.com/google/uuid"

	"github.com/openaffiliate/platform/gen/oapi"
)

// ListNotifications answers a page of the caller's notifications (an affiliate's or a brand's).
func (s *Server) ListNotifications(ctx context.Context, req oapi.ListNotificationsRequestObject) (oapi.ListNotificationsResponseObject, error) {
	q := req.Params
	p := pageOf(nil, q.Limit, q.Offset)
	limit, offset := p.Bounds()
	list, total, unread, err := s.Notify.List(ctx, scope(ctx), q.Unread != nil && *q.Unread, limit, offset)
	if err != nil {
		return nil, err
	}
	resp := oapi.ListNotifications200JSONResponse{Success: true}
	resp.Data.Notifications = make([]oapi.Notification, len(list))
	for i, n := range list {
		resp.Data.Notifications[i] = notificationOf(n)
	}
	resp.Data.Total, resp.Data.Unread = total, unread
	resp.Data.Limit, resp.Data.Offset = pageInfo(p)
	return resp, nil
}

// MarkNotificationsRead marks some or all of the caller's notifications read.
func (s *Server) MarkNotificationsRead(ctx context.Context, req oapi.MarkNotificationsReadRequestObject) (oapi.MarkNotificationsReadResponseObject, error) {
	b := req.Body
	var ids []uuid.UUID
	if b.Ids != nil {
		ids = *b.Ids
	}
	unread, err := s.Notify.MarkRead(ctx, scope(ctx), ids, b.All != nil && *b.All)
	if err != nil {
		return nil, err
	}
	resp := oapi.MarkNotificationsRead200JSONResponse{Success: true}
	resp.Data.Unread = unread
	return resp, nil
}

// GetNotificationPreferences answers the kinds the caller muted.
func (s *Server) GetNotificationPreferences(ctx context.Context, _ oapi.GetNotificationPreferencesRequestObject) (oapi.GetNotificationPreferencesResponseObject, error) {
	muted, err := s.Notify.Muted(ctx, scope(ctx))
	if err != nil {
		return nil, err
	}
	return oapi.GetNotificationPreferences200JSONResponse(preferencesResponse(muted)), nil
}

// SetNotificationPreferences sets the kinds the caller muted.
func (s *Server) SetNotificationPreferences(ctx context.Context, req oapi.SetNotificationPreferencesRequestObject) (oapi.SetNotificationPreferencesResponseObject, error) {
	kinds := make([]string, len(req.Body.Muted))
	for i, k := range req.Body.Muted {
		kinds[i] = string(k)
	}
	muted, err := s.Notify.SetMuted(ctx, scope(ctx), kinds)
	if err != nil {
		return nil, err
	}
	return oapi.SetNotificationPreferences200JSONResponse(preferencesResponse(muted)), nil
}
