package api

import (
	"context"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/brands"
	"github.com/openaffiliate/platform/server/platform/auth"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// caller is the request's authenticated user (its account, for account operations).
func caller(ctx context.Context) auth.User {
	u, _ := auth.UserFrom(ctx)
	return u
}

// scope is who the request may see and change, built once by the authenticator.
func scope(ctx context.Context) tenancy.Scope { return tenancy.From(ctx) }

// hostScope is the request's scope as a host's, which host-only services require: any other caller
// is refused as the authenticator refuses a role, so a wrong x-roles line cannot open one to a brand.
func hostScope(ctx context.Context) (tenancy.HostScope, error) {
	h, ok := scope(ctx).AsHost()
	if !ok {
		return h, tenancy.Refused()
	}
	return h, nil
}

// ListBrands answers a page of brands.
func (s *Server) ListBrands(ctx context.Context, req oapi.ListBrandsRequestObject) (oapi.ListBrandsResponseObject, error) {
	q := req.Params
	p := sortedPage(q.Query, q.Limit, q.Offset, q.Sort, q.Order)
	brands, total, err := s.Brands.ListBrands(ctx, scope(ctx), p)
	if err != nil {
		return nil, err
	}
	resp := oapi.ListBrands200JSONResponse{Success: true}
	resp.Data.Brands = make([]oapi.Brand, len(brands))
	for i, b := range brands {
		resp.Data.Brands[i] = brandOf(b)
	}
	resp.Data.Total = total
	resp.Data.Limit, resp.Data.Offset = pageInfo(p)
	return resp, nil
}

// CreateBrand creates a brand (host).
func (s *Server) CreateBrand(ctx context.Context, req oapi.CreateBrandRequestObject) (oapi.CreateBrandResponseObject, error) {
	h, err := hostScope(ctx)
	if err != nil {
		return nil, err
	}
	b, err := s.Brands.CreateBrand(ctx, h, brands.BrandInput{Name: req.Body.Name, Domain: deref(req.Body.Domain)})
	if err != nil {
		return nil, err
	}
	return oapi.CreateBrand201JSONResponse(brandResponse(b)), nil
}

// UpdateBrand renames a brand or changes its domain.
func (s *Server) UpdateBrand(ctx context.Context, req oapi.UpdateBrandRequestObject) (oapi.UpdateBrandResponseObject, error) {
	b, err := s.Brands.UpdateBrand(ctx, scope(ctx), req.Id, brands.BrandInput{Name: req.Body.Name, Domain: deref(req.Body.Domain)})
	if err != nil {
		return nil, err
	}
	return oapi.UpdateBrand200JSONResponse(brandResponse(b)), nil
}

// SetupBrand lets a brand edit its own company name, domain and currency.
func (s *Server) SetupBrand(ctx context.Context, req oapi.SetupBrandRequestObject) (oapi.SetupBrandResponseObject, error) {
	in := brands.BrandInput{Name: req.Body.CompanyName, Domain: deref(req.Body.Domain), KeepDomain: req.Body.Domain == nil}
	if req.Body.DefaultCurrency != nil {
		in.Currency = string(*req.Body.DefaultCurrency)
	}
	b, err := s.Brands.SetupBrand(ctx, scope(ctx), in)
	if err != nil {
		return nil, err
	}
	return oapi.SetupBrand200JSONResponse(brandResponse(b)), nil
}

// DeleteBrand deletes a brand and what it owns (host).
func (s *Server) DeleteBrand(ctx context.Context, req oapi.DeleteBrandRequestObject) (oapi.DeleteBrandResponseObject, error) {
	h, err := hostScope(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.Brands.DeleteBrand(ctx, h, req.Id); err != nil {
		return nil, err
	}
	return oapi.DeleteBrand200JSONResponse{Success: true, Message: "Brand deleted"}, nil
}

// RotateWebhookSecret replaces a brand's webhook secret.
func (s *Server) RotateWebhookSecret(ctx context.Context, req oapi.RotateWebhookSecretRequestObject) (oapi.RotateWebhookSecretResponseObject, error) {
	secret, err := s.Brands.RotateWebhookSecret(ctx, scope(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	resp := oapi.RotateWebhookSecret200JSONResponse{Success: true}
	resp.Data.WebhookSecret = secret
	return resp, nil
}

// SetWebhookSecret stores the signing key a brand brings.
func (s *Server) SetWebhookSecret(ctx context.Context, req oapi.SetWebhookSecretRequestObject) (oapi.SetWebhookSecretResponseObject, error) {
	if err := s.Brands.SetWebhookSecret(ctx, scope(ctx), req.Id, req.Body.WebhookSecret); err != nil {
		return nil, err
	}
	return oapi.SetWebhookSecret200JSONResponse{Success: true, Message: "Webhook secret set"}, nil
}

// SetStripeSecret saves the signing secret of a brand's Stripe endpoint.
func (s *Server) SetStripeSecret(ctx context.Context, req oapi.SetStripeSecretRequestObject) (oapi.SetStripeSecretResponseObject, error) {
	if err := s.Brands.SetStripeSecret(ctx, scope(ctx), req.Id, req.Body.StripeSecret); err != nil {
		return nil, err
	}
	return oapi.SetStripeSecret200JSONResponse{Success: true, Message: "Stripe signing secret saved"}, nil
}

// ClearStripeSecret forgets the signing secret of a brand's Stripe endpoint.
func (s *Server) ClearStripeSecret(ctx context.Context, req oapi.ClearStripeSecretRequestObject) (oapi.ClearStripeSecretResponseObject, error) {
	if err := s.Brands.SetStripeSecret(ctx, scope(ctx), req.Id, ""); err != nil {
		return nil, err
	}
	return oapi.ClearStripeSecret200JSONResponse{Success: true, Message: "Stripe signing secret removed"}, nil
}

// GetBrandDomains answers a brand's allowed domains.
func (s *Server) GetBrandDomains(ctx context.Context, req oapi.GetBrandDomainsRequestObject) (oapi.GetBrandDomainsResponseObject, error) {
	b, err := s.Brands.GetBrand(ctx, scope(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	resp := oapi.GetBrandDomains200JSONResponse{Success: true}
	resp.Data.Domains = b.Domains
	return resp, nil
}

// SetBrandDomains replaces a brand's allowed domains.
func (s *Server) SetBrandDomains(ctx context.Context, req oapi.SetBrandDomainsRequestObject) (oapi.SetBrandDomainsResponseObject, error) {
	domains, err := s.Brands.SetDomains(ctx, scope(ctx), req.Id, req.Body.Domains)
	if err != nil {
		return nil, err
	}
	resp := oapi.SetBrandDomains200JSONResponse{Success: true}
	resp.Data.Domains = domains
	return resp, nil
}

// GetIntegrationDetails answers what a brand needs to integrate.
func (s *Server) GetIntegrationDetails(ctx context.Context, _ oapi.GetIntegrationDetailsRequestObject) (oapi.GetIntegrationDetailsResponseObject, error) {
	d, err := s.Brands.IntegrationDetails(ctx, scope(ctx))
	if err != nil {
		return nil, err
	}
	resp := oapi.GetIntegrationDetails200JSONResponse{Success: true}
	resp.Data.BrandUuid = d.Brand.ID
	resp.Data.PublicBrandId = d.Brand.PublicID
	resp.Data.TrackingBaseUrl = s.TrackingDomains.TrackingBaseURL(d.Brand.ID)
	resp.Data.ConversionApiUrl = d.ConversionAPIURL
	resp.Data.ShopifyWebhookUrl = d.ShopifyURL
	resp.Data.WoocommerceWebhookUrl = d.WooCommerceURL
	resp.Data.StripeWebhookUrl = d.StripeURL
	resp.Data.TrackingScriptUrl = d.TrackingScript
	resp.Data.HasWebhookSecret = d.Brand.HasWebhookSecret
	resp.Data.HasStripeSecret = d.Brand.HasStripeSecret
	resp.Data.ApiKeysActive = d.ActiveKeys
	resp.Data.Domains = d.Brand.Domains
	return resp, nil
}

// ListApiKeys answers the brand's API keys.
func (s *Server) ListApiKeys(ctx context.Context, _ oapi.ListApiKeysRequestObject) (oapi.ListApiKeysResponseObject, error) {
	keys, err := s.APIKeys.ListAPIKeys(ctx, scope(ctx))
	if err != nil {
		return nil, err
	}
	resp := oapi.ListApiKeys200JSONResponse{Success: true}
	resp.Data.ApiKeys = make([]oapi.ApiKey, len(keys))
	for i, k := range keys {
		resp.Data.ApiKeys[i] = apiKeyOf(k)
	}
	return resp, nil
}

// CreateApiKey creates an API key and shows it once.
func (s *Server) CreateApiKey(ctx context.Context, req oapi.CreateApiKeyRequestObject) (oapi.CreateApiKeyResponseObject, error) {
	k, secret, err := s.APIKeys.CreateAPIKey(ctx, scope(ctx), req.Body.Name)
	if err != nil {
		return nil, err
	}
	resp := oapi.CreateApiKey201JSONResponse{Success: true}
	resp.Data.ApiKey = apiKeyOf(k)
	resp.Data.Key = secret
	return resp, nil
}

// RevokeApiKey revokes one of the brand's keys.
func (s *Server) RevokeApiKey(ctx context.Context, req oapi.RevokeApiKeyRequestObject) (oapi.RevokeApiKeyResponseObject, error) {
	if err := s.APIKeys.RevokeAPIKey(ctx, scope(ctx), req.KeyId); err != nil {
		return nil, err
	}
	return oapi.RevokeApiKey200JSONResponse{Success: true, Message: "API key revoked"}, nil
}

// GetTrackingDomain answers a brand's tracking domain and the DNS record it needs.
func (s *Server) GetTrackingDomain(ctx context.Context, req oapi.GetTrackingDomainRequestObject) (oapi.GetTrackingDomainResponseObject, error) {
	d, found, err := s.TrackingDomains.TrackingDomain(ctx, scope(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	return oapi.GetTrackingDomain200JSONResponse(s.trackingDomainResponse(d, found)), nil
}

// SetTrackingDomain adds or replaces a brand's tracking domain.
func (s *Server) SetTrackingDomain(ctx context.Context, req oapi.SetTrackingDomainRequestObject) (oapi.SetTrackingDomainResponseObject, error) {
	d, err := s.TrackingDomains.SetTrackingDomain(ctx, scope(ctx), req.Id, req.Body.Hostname)
	if err != nil {
		return nil, err
	}
	return oapi.SetTrackingDomain200JSONResponse(s.trackingDomainResponse(d, true)), nil
}

// RemoveTrackingDomain removes a brand's tracking domain.
func (s *Server) RemoveTrackingDomain(ctx context.Context, req oapi.RemoveTrackingDomainRequestObject) (oapi.RemoveTrackingDomainResponseObject, error) {
	if err := s.TrackingDomains.RemoveTrackingDomain(ctx, scope(ctx), req.Id); err != nil {
		return nil, err
	}
	return oapi.RemoveTrackingDomain200JSONResponse{Success: true, Message: "Tracking domain removed"}, nil
}

// CheckTrackingDomain looks the tracking domain's CNAME record up now.
func (s *Server) CheckTrackingDomain(ctx context.Context, req oapi.CheckTrackingDomainRequestObject) (oapi.CheckTrackingDomainResponseObject, error) {
	d, err := s.TrackingDomains.CheckTrackingDomain(ctx, scope(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	return oapi.CheckTrackingDomain200JSONResponse(s.trackingDomainResponse(d, true)), nil
}
