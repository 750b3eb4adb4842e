package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	oapimw "github.com/oapi-codegen/echo-middleware"

	"github.com/openaffiliate/platform/api"
	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/accounts"
	"github.com/openaffiliate/platform/server/apierror"
	"github.com/openaffiliate/platform/server/auth"
	"github.com/openaffiliate/platform/server/catalogue"
	"github.com/openaffiliate/platform/server/tenancy"
	"github.com/openaffiliate/platform/server/idempotency"
	"github.com/openaffiliate/platform/server/tracking"
)

// APIBase is where the contract's paths are served.
const APIBase = "/api/v1"

// MaxBodyBytes bounds every request body.
const MaxBodyBytes = "1M"

// Deps are what the HTTP layer is built from.
type Deps struct {
	API        *api.Server
	Accounts   *accounts.Service
	Catalogue  *catalogue.Service
	Tokens     *auth.Tokens
	Redirector *tracking.Redirector
	Replays    *idempotency.Store
	Web        fs.FS // the built SPA with docs/ inside; nil serves no UI
	SpecYAML   []byte
	TrustProxy bool
}

// NewHTTP builds the whole HTTP surface: the tracking redirect, the API, the spec, the docs and the SPA.
func NewHTTP(d Deps) (http.Handler, error) {
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = errorHandler
	if d.TrustProxy {
		e.IPExtractor = echo.ExtractIPFromXFFHeader()
	} else {
		e.IPExtractor = echo.ExtractIPDirect()
	}
	e.Use(middleware.Recover())
	e.Use(middleware.RequestID())
	e.Use(requestLogger())
	e.Use(securityHeaders(d.API.PublicURL))
	e.Use(middleware.BodyLimit(MaxBodyBytes))

	spec, err := contractSpec()
	if err != nil {
		return nil, err
	}
	group := e.Group(APIBase)
	group.Use(func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			c.Response().Header().Set("Cache-Control", "no-store")
			ctx := api.WithClientIP(c.Request().Context(), c.RealIP())
			c.SetRequest(c.Request().WithContext(ctx))
			return next(c)
		}
	})
	group.GET("/openapi.yaml", func(c echo.Context) error {
		return c.Blob(http.StatusOK, "application/yaml", d.SpecYAML)
	})
	group.Use(storableParameters)
	group.Use(oapimw.OapiRequestValidatorWithOptions(spec, &oapimw.Options{
		// The spec's only server is the relative URL /api/v1, which the router matches as a path prefix.
		// (The middleware's Prefix option would consume the request body in its clone.)
		SilenceServersWarning: true,
		Skipper:               func(c echo.Context) bool { return c.Request().URL.Path == APIBase+"/openapi.yaml" },
		ErrorHandler:          validationError,
		Options: openapi3filter.Options{
			AuthenticationFunc: authenticator{tokens: d.Tokens, accounts: d.Accounts, catalogue: d.Catalogue}.authenticate,
		},
	}))
	group.Use(idempotencyKeys(d.Replays)) // after the validator, whose authentication sets the caller
	oapi.RegisterHandlers(group, oapi.NewStrictHandler(d.API, nil))
	group.Any("/*", func(echo.Context) error { return apierror.NotFound("No such API path") })

	if d.Web != nil {
		mountWeb(e, d.Web)
	}
	return frontDoor{redirect: redirectHandler(d.Redirector, e.IPExtractor), rest: e}, nil
}

// frontDoor sends /r/ to the redirect before any of the API's middleware runs: the redirect is
// the product's hottest path and needs none of it.
type frontDoor struct {
	redirect http.Handler
	rest     http.Handler
}

func (f frontDoor) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/r/") {
		f.redirect.ServeHTTP(w, r)
		return
	}
	f.rest.ServeHTTP(w, r)
}

type authenticator struct {
	tokens    *auth.Tokens
	accounts  *accounts.Service
	catalogue *catalogue.Service
}

// authenticate checks the bearer token and the operation's x-roles, then puts the user in the request context.
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
		if bearer == "" || strings.HasPrefix(bearer, catalogue.APIKeyPrefix) {
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
		user, err = a.catalogue.AuthenticateAPIKey(c.Request().Context(), key)
	default:
		return reject(apierror.Unauthorized("Unsupported authentication scheme"))
	}
	if err != nil {
		return reject(err)
	}
	if roles := operationRoles(in.RequestValidationInput.Route.Operation); len(roles) > 0 && !slices.Contains(roles, user.AccountType) {
		return reject(apierror.Forbidden("You do not have permission to perform this action."))
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

// operationRoles reads the account types an operation allows from its x-roles extension.
func operationRoles(op *openapi3.Operation) []string {
	raw, _ := op.Extensions["x-roles"].([]any)
	roles := make([]string, 0, len(raw))
	for _, r := range raw {
		if s, ok := r.(string); ok {
			roles = append(roles, s)
		}
	}
	return roles
}

// errorHandler writes every error as the envelope; unexpected ones are logged and answered 500.
func errorHandler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	e, ok := apierror.From(err)
	if !ok {
		var he *echo.HTTPError
		switch {
		case errors.As(err, &he) && he.Code == http.StatusRequestEntityTooLarge:
			e = &apierror.Error{Status: he.Code, Code: apierror.CodeTooLarge, Message: "Request body is too large"}
		case errors.As(err, &he) && he.Code == http.StatusNotFound:
			e = apierror.NotFound("Not found")
		case errors.As(err, &he) && he.Code == http.StatusMethodNotAllowed:
			e = &apierror.Error{Status: he.Code, Code: apierror.CodeMethodNotAllowed, Message: "Method not allowed"}
		case errors.As(err, &he) && he.Code < 500:
			e = bindError(he)
		default:
			slog.ErrorContext(c.Request().Context(), "request failed", "err", err,
				"request_id", c.Response().Header().Get(echo.HeaderXRequestID), "path", c.Request().URL.Path)
			e = &apierror.Error{Status: http.StatusInternalServerError, Code: apierror.CodeInternal, Message: "Internal server error"}
		}
	}
	if e.RetryAfter > 0 {
		c.Response().Header().Set("Retry-After", fmt.Sprint(e.RetryAfter))
	}
	if c.Request().Method == http.MethodHead {
		_ = c.NoContent(e.Status)
		return
	}
	if werr := c.JSON(e.Status, e.Body()); werr != nil {
		slog.Error("write error response", "err", werr)
	}
}

// redirectHandler answers GET /r/{code}: 302 to the destination with the click recorded,
// or a small 404 page for unknown, paused and archived codes. HEAD learns the destination
// without a click.
// Header values the redirect shares between requests (net/http only reads them), set with their
// canonical keys, so the hot path neither allocates nor canonicalizes them.
var (
	noStore  = []string{"no-store"}
	nosniff  = []string{"nosniff"}
	htmlUTF8 = []string{"text/html; charset=utf-8"}
)

func redirectHandler(r *tracking.Redirector, clientIP echo.IPExtractor) http.HandlerFunc {
	return func(w http.ResponseWriter, req *http.Request) {
		defer func() {
			if rec := recover(); rec != nil {
				slog.Error("redirect panicked", "panic", rec, "path", req.URL.Path)
				http.Error(w, "Internal server error", http.StatusInternalServerError)
			}
		}()
		if req.Method != http.MethodGet && req.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "Method not allowed", http.StatusMethodNotAllowed)
			return
		}
		code := strings.TrimPrefix(req.URL.Path, "/r/")
		h := w.Header()
		h["Cache-Control"] = noStore
		out, err := r.Visit(req.Context(), tracking.Visit{
			Code: code, IP: clientIP(req), UserAgent: req.UserAgent(), Referrer: req.Referer(),
			Head: req.Method == http.MethodHead,
		})
		switch {
		case err != nil:
			slog.ErrorContext(req.Context(), "redirect failed", "err", err, "code", code)
			http.Error(w, "Internal server error", http.StatusInternalServerError)
		case !out.Found:
			h["Content-Type"] = htmlUTF8
			h["X-Content-Type-Options"] = nosniff
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, tracking.NotFoundPage)
		default:
			h["Location"] = []string{out.Location}
			w.WriteHeader(tracking.HTTPStatus)
		}
	}
}
