package api

import (
	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/webhooks"
)

// webhookEndpointOf is an endpoint as the API answers it.
func webhookEndpointOf(e webhooks.Endpoint) oapi.WebhookEndpoint {
	types := make([]oapi.WebhookEventType, len(e.EventTypes))
	for i, t := range e.EventTypes {
		types[i] = oapi.WebhookEventType(t)
	}
	return oapi.WebhookEndpoint{Id: e.ID, Url: e.URL, Description: e.Description, EventTypes: types, Enabled: e.Enabled,
		DisabledReason: e.DisabledReason, PreviousSecretUntil: e.PreviousSecretUntil, CreatedAt: e.CreatedAt, UpdatedAt: e.UpdatedAt}
}

// webhookEndpointInput is an endpoint's input as the domain takes it; enabled unless it says not.
func webhookEndpointInput(in *oapi.WebhookEndpointInput) webhooks.EndpointInput {
	out := webhooks.EndpointInput{URL: in.Url, Enabled: in.Enabled == nil || *in.Enabled}
	if in.Description != nil {
		out.Description = *in.Description
	}
	for _, t := range in.EventTypes {
		out.EventTypes = append(out.EventTypes, string(t))
	}
	return out
}

// webhookDeliveryOf is a delivery with its attempts as the API answers it.
func webhookDeliveryOf(d webhooks.Delivery) oapi.WebhookDelivery {
	attempts := make([]oapi.WebhookAttempt, len(d.Attempts))
	for i, a := range d.Attempts {
		attempts[i] = oapi.WebhookAttempt{Attempt: a.Attempt, Outcome: oapi.WebhookAttemptOutcome(a.Outcome), ResponseCode: a.ResponseCode,
			DurationMs: a.DurationMS, Excerpt: a.Excerpt, Error: a.Error, AttemptedAt: a.AttemptedAt}
	}
	return oapi.WebhookDelivery{Id: d.ID, EventType: d.EventType, Status: oapi.WebhookDeliveryStatus(d.Status), Payload: d.Payload,
		CreatedAt: d.CreatedAt, LastAttemptAt: d.LastAttemptAt, Attempts: attempts}
}
