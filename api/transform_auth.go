package api

import (
	"github.com/google/uuid"
	openapi_types "github.com/oapi-codegen/runtime/types"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/accounts"
	"github.com/openaffiliate/platform/server/platform/auth"
)

// userOf turns an account profile into the API's User.
func userOf(p accounts.Profile) oapi.User {
	u := p.User
	out := oapi.User{
		Id:          u.ID,
		Email:       openapi_types.Email(u.Email),
		FirstName:   u.FirstName,
		LastName:    u.LastName,
		CompanyName: u.CompanyName,
		AccountType: oapi.AccountType(u.AccountType),
		IsVerified:  u.IsVerified,
		CreatedAt:   u.CreatedAt,
		BrandId:     p.BrandPublicID,
	}
	if p.BrandPublicID != nil {
		hash := auth.ShortHash(*p.BrandPublicID)
		out.BrandIdHash = &hash
	}
	if u.BrandID.Valid {
		id := uuid.UUID(u.BrandID.UUID)
		out.BrandUuid = &id
	}
	return out
}
