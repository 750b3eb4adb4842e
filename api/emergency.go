package api

import (
	"context"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/emergency"
)

// GetEmergencyState answers the host's emergency switches.
func (s *Server) GetEmergencyState(ctx context.Context, _ oapi.GetEmergencyStateRequestObject) (oapi.GetEmergencyStateResponseObject, error) {
	st, err := s.Emergency.Current(ctx)
	if err != nil {
		return nil, err
	}
	return oapi.GetEmergencyState200JSONResponse(emergencyResponse(st)), nil
}

// SetEmergencyState flips the host's emergency switches.
func (s *Server) SetEmergencyState(ctx context.Context, req oapi.SetEmergencyStateRequestObject) (oapi.SetEmergencyStateResponseObject, error) {
	b := req.Body
	st, err := s.Emergency.Set(ctx, scope(ctx), emergency.Changes{PayoutsFrozen: b.PayoutsFrozen, IngestionPaused: b.IngestionPaused, Maintenance: b.Maintenance})
	if err != nil {
		return nil, err
	}
	return oapi.SetEmergencyState200JSONResponse(emergencyResponse(st)), nil
}

// PauseAllCampaigns pauses every active campaign, or resumes the ones the emergency paused.
func (s *Server) PauseAllCampaigns(ctx context.Context, req oapi.PauseAllCampaignsRequestObject) (oapi.PauseAllCampaignsResponseObject, error) {
	st, err := s.Emergency.Campaigns(ctx, scope(ctx), req.Body.Action == oapi.EmergencyCampaignsInputActionPause)
	if err != nil {
		return nil, err
	}
	return oapi.PauseAllCampaigns200JSONResponse(emergencyResponse(st)), nil
}
