package api

import (
	"context"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/emergency"
)

// GetEmergencyState answers the host's emergency switches.
func (s *Server) GetEmergencyState(ctx context.Context, _ oapi.GetEmergencyStateRequestObject) (oapi.GetEmergencyStateResponseObject, error) {
	h, err := hostScope(ctx)
	if err != nil {
		return nil, err
	}
	st, err := s.Emergency.Current(ctx, h)
	if err != nil {
		return nil, err
	}
	return oapi.GetEmergencyState200JSONResponse(emergencyResponse(st)), nil
}

// SetEmergencyState flips the host's emergency switches.
func (s *Server) SetEmergencyState(ctx context.Context, req oapi.SetEmergencyStateRequestObject) (oapi.SetEmergencyStateResponseObject, error) {
	h, err := hostScope(ctx)
	if err != nil {
		return nil, err
	}
	b := req.Body
	st, err := s.Emergency.Set(ctx, h, emergency.Changes{PayoutsFrozen: b.PayoutsFrozen, IngestionPaused: b.IngestionPaused, Maintenance: b.Maintenance})
	if err != nil {
		return nil, err
	}
	return oapi.SetEmergencyState200JSONResponse(emergencyResponse(st)), nil
}

// PauseAllCampaigns pauses every active campaign, or resumes the ones the emergency paused.
func (s *Server) PauseAllCampaigns(ctx context.Context, req oapi.PauseAllCampaignsRequestObject) (oapi.PauseAllCampaignsResponseObject, error) {
	h, err := hostScope(ctx)
	if err != nil {
		return nil, err
	}
	st, err := s.Emergency.Campaigns(ctx, h, req.Body.Action == oapi.EmergencyCampaignsInputActionPause)
	if err != nil {
		return nil, err
	}
	return oapi.PauseAllCampaigns200JSONResponse(emergencyResponse(st)), nil
}
