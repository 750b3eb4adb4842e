package server

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/labstack/echo/v4"
	oapimw "github.com/oapi-codegen/echo-middleware"

	"github.com/openaffiliate/platform/server/domain/accounts"
	"github.com/openaffiliate/platform/server/domain/apikeys"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/auth"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

type authenticator struct {
	tokens   *auth.Tokens
	accounts *accounts.Service
	apiKeys  *apikeys.Service
}

// authenticate checks the bearer token and the operation's x-roles (its policy), then puts the user in the request context.
func (a authenticator) authenticate(ctx context.Context, in *openapi3filter.AuthenticationInput) error {
	c := oapimw.GetEchoContext(ctx)
	if c == nil {
		return errors.New("auth: no echo context")
	}
	bearer, _ := strings.CutPrefix(c.Request().Header.Get(echo.HeaderAuthorization), "Bearer ")
	bearer = strings.TrimSpace(bearer)
	var user auth.User
	var err error
	switch in.SecuritySchemeName {
	case "bearerAuth":
		if bearer == "" || strings.HasPrefix(bearer, apikeys.APIKeyPrefix) {
			return reject(apierror.Unauthorized("Authentication required"))
		}
		session, perr := a.tokens.Parse(bearer)
		if perr != nil {
			return reject(apierror.Unauthorized("Your session has expired. Please log in again."))
		}
		user, err = a.accounts.Authenticate(c.Request().Context(), session)
	case "apiKeyHeader":
		// A brand API key, in X-API-Key or as the bearer token.
		key := strings.TrimSpace(c.Request().Header.Get("X-API-Key"))
		if key == "" {
			key = bearer
		}
		if key == "" {
			return reject(apierror.Unauthorized("Authentication required"))
		}
		user, err = a.apiKeys.AuthenticateAPIKey(c.Request().Context(), key)
	default:
		return reject(apierror.Unauthorized("Unsupported authentication scheme"))
	}
	if err != nil {
		return reject(err)
	}
	if !policyOf(c).Allows(user.AccountType) {
		return reject(tenancy.Refused())
	}
	ctx = auth.WithUser(c.Request().Context(), user)
	c.SetRequest(c.Request().WithContext(tenancy.With(ctx, tenancy.Of(user))))
	return nil
}

// reject wraps an error so the validator passes it through to the error handler unchanged.
func reject(err error) error {
	if e, ok := apierror.From(err); ok {
		return &echo.HTTPError{Code: e.Status, Message: e.Message, Internal: e}
	}
	return &echo.HTTPError{Code: http.StatusInternalServerError, Internal: err}
}
