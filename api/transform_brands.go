package api

import (
	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/apikeys"
	"github.com/openaffiliate/platform/server/domain/brands"
)

func brandOf(b brands.Brand) oapi.Brand {
	out := oapi.Brand{
		Id: b.ID, Name: b.CompanyName, CompanyName: b.CompanyName, Domain: b.Domain, PublicId: b.PublicID,
		DefaultCurrency: oapi.CurrencyCode(b.DefaultCurrency), Domains: b.Domains, CreatedAt: b.CreatedAt,
		OwnerEmail: b.OwnerEmail,
	}
	if b.OwnerUserID.Valid {
		out.OwnerUserId = &b.OwnerUserID.UUID
	}
	return out
}

func apiKeyOf(k apikeys.APIKey) oapi.ApiKey {
	return oapi.ApiKey{Id: k.ID, Name: k.Name, Prefix: k.Prefix, CreatedAt: k.CreatedAt, LastUsedAt: k.LastUsedAt, RevokedAt: k.RevokedAt}
}

func brandResponse(b brands.Brand) oapi.BrandResponse {
	resp := oapi.BrandResponse{Success: true}
	resp.Data.Brand = brandOf(b)
	return resp
}
