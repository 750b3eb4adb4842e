package api

import (
	"context"

	"github.com/openaffiliate/platform/gen/oapi"
)

// ListWebhookEndpoints answers the brand's endpoints.
func (s *Server) ListWebhookEndpoints(ctx context.Context, _ oapi.ListWebhookEndpointsRequestObject) (oapi.ListWebhookEndpointsResponseObject, error) {
	endpoints, err := s.Webhooks.List(ctx, scope(ctx))
	if err != nil {
		return nil, err
	}
	resp := oapi.ListWebhookEndpoints200JSONResponse{Success: true}
	resp.Data.Endpoints = make([]oapi.WebhookEndpoint, len(endpoints))
	for i, e := range endpoints {
		resp.Data.Endpoints[i] = webhookEndpointOf(e)
	}
	return resp, nil
}

// CreateWebhookEndpoint registers an endpoint and shows its secret once.
func (s *Server) CreateWebhookEndpoint(ctx context.Context, req oapi.CreateWebhookEndpointRequestObject) (oapi.CreateWebhookEndpointResponseObject, error) {
	e, secret, err := s.Webhooks.Create(ctx, scope(ctx), webhookEndpointInput(req.Body))
	if err != nil {
		return nil, err
	}
	resp := oapi.CreateWebhookEndpoint201JSONResponse{Success: true}
	resp.Data.Endpoint, resp.Data.Secret = webhookEndpointOf(e), secret
	return resp, nil
}

// UpdateWebhookEndpoint changes an endpoint.
func (s *Server) UpdateWebhookEndpoint(ctx context.Context, req oapi.UpdateWebhookEndpointRequestObject) (oapi.UpdateWebhookEndpointResponseObject, error) {
	e, err := s.Webhooks.Update(ctx, scope(ctx), req.EndpointId, webhookEndpointInput(req.Body))
	if err != nil {
		return nil, err
	}
	resp := oapi.UpdateWebhookEndpoint200JSONResponse{Success: true}
	resp.Data.Endpoint = webhookEndpointOf(e)
	return resp, nil
}

// DeleteWebhookEndpoint deletes an endpoint and its log.
func (s *Server) DeleteWebhookEndpoint(ctx context.Context, req oapi.DeleteWebhookEndpointRequestObject) (oapi.DeleteWebhookEndpointResponseObject, error) {
	if err := s.Webhooks.Delete(ctx, scope(ctx), req.EndpointId); err != nil {
		return nil, err
	}
	return oapi.DeleteWebhookEndpoint200JSONResponse{Success: true, Message: "Webhook endpoint deleted"}, nil
}

// RotateWebhookEndpointSecret gives an endpoint a new secret and shows it once.
func (s *Server) RotateWebhookEndpointSecret(ctx context.Context, req oapi.RotateWebhookEndpointSecretRequestObject) (oapi.RotateWebhookEndpointSecretResponseObject, error) {
	e, secret, err := s.Webhooks.RotateSecret(ctx, scope(ctx), req.EndpointId)
	if err != nil {
		return nil, err
	}
	resp := oapi.RotateWebhookEndpointSecret200JSONResponse{Success: true}
	resp.Data.Endpoint, resp.Data.Secret = webhookEndpointOf(e), secret
	return resp, nil
}

// EndPreviousWebhookSecret stops an endpoint's rotated-out secret from signing now.
func (s *Server) EndPreviousWebhookSecret(ctx context.Context, req oapi.EndPreviousWebhookSecretRequestObject) (oapi.EndPreviousWebhookSecretResponseObject, error) {
	e, err := s.Webhooks.EndPreviousSecret(ctx, scope(ctx), req.EndpointId)
	if err != nil {
		return nil, err
	}
	resp := oapi.EndPreviousWebhookSecret200JSONResponse{Success: true}
	resp.Data.Endpoint = webhookEndpointOf(e)
	return resp, nil
}

// SendWebhookTest queues a test event to an endpoint.
func (s *Server) SendWebhookTest(ctx context.Context, req oapi.SendWebhookTestRequestObject) (oapi.SendWebhookTestResponseObject, error) {
	d, err := s.Webhooks.SendTest(ctx, scope(ctx), req.EndpointId)
	if err != nil {
		return nil, err
	}
	resp := oapi.SendWebhookTest202JSONResponse{Success: true}
	resp.Data.Delivery = webhookDeliveryOf(d)
	return resp, nil
}

// ListWebhookDeliveries answers an endpoint's delivery log.
func (s *Server) ListWebhookDeliveries(ctx context.Context, req oapi.ListWebhookDeliveriesRequestObject) (oapi.ListWebhookDeliveriesResponseObject, error) {
	deliveries, err := s.Webhooks.Deliveries(ctx, scope(ctx), req.EndpointId)
	if err != nil {
		return nil, err
	}
	resp := oapi.ListWebhookDeliveries200JSONResponse{Success: true}
	resp.Data.Deliveries = make([]oapi.WebhookDelivery, len(deliveries))
	for i, d := range deliveries {
		resp.Data.Deliveries[i] = webhookDeliveryOf(d)
	}
	return resp, nil
}

// ResendWebhookDelivery queues one of an endpoint's deliveries again.
func (s *Server) ResendWebhookDelivery(ctx context.Context, req oapi.ResendWebhookDeliveryRequestObject) (oapi.ResendWebhookDeliveryResponseObject, error) {
	d, err := s.Webhooks.Resend(ctx, scope(ctx), req.EndpointId, req.DeliveryId)
	if err != nil {
		return nil, err
	}
	resp := oapi.ResendWebhookDelivery202JSONResponse{Success: true}
	resp.Data.Delivery = webhookDeliveryOf(d)
	return resp, nil
}
