package api

import (
	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/emergency"
)

func emergencyResponse(st emergency.State) oapi.EmergencyStateResponse {
	return oapi.EmergencyStateResponse{Success: true, Data: oapi.EmergencyState{
		PayoutsFrozen: st.PayoutsFrozen, IngestionPaused: st.IngestionPaused, Maintenance: st.Maintenance,
		CampaignsPaused: int(st.CampaignsPaused), UpdatedAt: st.UpdatedAt,
	}}
}
