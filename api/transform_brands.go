package api

import (
	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/catalogue"
)

func brandOf(b catalogue.Brand) oapi.Brand {
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

func apiKeyOf(k catalogue.APIKey) oapi.ApiKey {
	return oapi.ApiKey{Id: k.ID, Name: k.Name, Prefix: k.Prefix, CreatedAt: k.CreatedAt, LastUsedAt: k.LastUsedAt, RevokedAt: k.RevokedAt}
}

func brandResponse(b catalogue.Brand) oapi.BrandResponse {
	resp := oapi.BrandResponse{Success: true}
	resp.Data.Brand = brandOf(b)
	return resp
}
