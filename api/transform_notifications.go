package api

import (
	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/notify"
)

func notificationOf(n notify.Notification) oapi.Notification {
	out := oapi.Notification{
		Id: n.ID, Kind: oapi.NotificationKind(n.Kind), EntityType: n.EntityType, EntityId: n.EntityID,
		Read: n.ReadAt != nil, CreatedAt: n.CreatedAt,
	}
	p := n.Params
	out.Params.BrandName, out.Params.CampaignName, out.Params.OrderId = someText(p.BrandName), someText(p.CampaignName), someText(p.OrderID)
	out.Params.Amount, out.Params.Currency, out.Params.Reference = someText(p.Amount), someText(p.Currency), someText(p.Reference)
	out.Params.Hostname = someText(p.Hostname)
	if p.Count > 0 {
		out.Params.Count = &p.Count
	}
	return out
}

func preferencesResponse(muted []string) oapi.NotificationPreferencesResponse {
	resp := oapi.NotificationPreferencesResponse{Success: true}
	resp.Data.Muted = make([]oapi.NotificationKind, len(muted))
	for i, k := range muted {
		resp.Data.Muted[i] = oapi.NotificationKind(k)
	}
	return resp
}
