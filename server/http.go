package server

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strings"

	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	oapimw "github.com/oapi-codegen/echo-middleware"

	"github.com/openaffiliate/platform/api"
	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/accounts"
	"github.com/openaffiliate/platform/server/domain/apikeys"
	"github.com/openaffiliate/platform/server/domain/redirect"
	"github.com/openaffiliate/platform/server/domain/trackingscript"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/auth"
	"github.com/openaffiliate/platform/server/platform/idempotency"
	"github.com/openaffiliate/platform/server/platform/policy"
)

// APIBase is where the contract's paths are served.
const APIBase = "/api/v1"

// MaxBodyBytes bounds every request body.
const MaxBodyBytes = "1M"

// Deps are what the HTTP layer is built from.
type Deps struct {
	API        *api.Server
	Accounts   *accounts.Service
	APIKeys    *apikeys.Service
	Tokens     *auth.Tokens
	Redirector *redirect.Redirector
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
	e.IPExtractor = clientIPExtractor(d.TrustProxy)
	e.Use(middleware.Recover())
	e.Use(middleware.RequestID())
	e.Use(requestLogger())
	e.Use(securityHeaders(d.API.PublicURL))
	e.Use(middleware.BodyLimit(MaxBodyBytes))

	spec, err := contractSpec()
	if err != nil {
		return nil, err
	}
	policies, err := policy.Load(spec, APIBase)
	if err != nil {
		return nil, fmt.Errorf("the contract's operation policy: %w", err)
	}
	group := e.Group(APIBase)
	group.Use(func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			c.Response().Header().Set("Cache-Control", "no-store")
			ctx := api.WithPeer(api.WithClientIP(c.Request().Context(), c.RealIP()), c.Request().RemoteAddr)
			c.SetRequest(c.Request().WithContext(ctx))
			return next(c)
		}
	})
	// Answers above about 1 kB go gzip-compressed to clients that accept it (the redirect never
	// gets here: the front door sends it past every middleware). Level 1: on answers of a few kB it
	// compresses nearly as well as the default, and it does not clear 640 kB of match tables for each
	// answer as levels 2 to 9 do (8% of the server's CPU when shops report orders).
	group.Use(middleware.GzipWithConfig(middleware.GzipConfig{Level: 1, MinLength: 1024}))
	group.GET("/openapi.yaml", func(c echo.Context) error {
		return c.Blob(http.StatusOK, "application/yaml", d.SpecYAML)
	})
	group.Use(storableParameters)
	group.Use(operationPolicy(policies)) // every check below reads the operation's policy from here
	group.Use(keepRawBody)
	group.Use(oapimw.OapiRequestValidatorWithOptions(spec, &oapimw.Options{
		// The spec's only server is the relative URL /api/v1, which the router matches as a path prefix.
		// (The middleware's Prefix option would consume the request body in its clone.)
		SilenceServersWarning: true,
		Skipper:               func(c echo.Context) bool { return c.Request().URL.Path == APIBase+"/openapi.yaml" },
		ErrorHandler:          validationError,
		Options: openapi3filter.Options{
			AuthenticationFunc: authenticator{tokens: d.Tokens, accounts: d.Accounts, apiKeys: d.APIKeys}.authenticate,
		},
	}))
	group.Use(maintenance(d.API.Emergency))
	group.Use(idempotencyKeys(d.Replays)) // after the validator, whose authentication sets the caller
	oapi.RegisterHandlers(group, oapi.NewStrictHandler(d.API, nil))
	group.Any("/*", func(echo.Context) error { return apierror.NotFound("No such API path") })

	e.GET(trackingscript.Path, echo.WrapHandler(http.HandlerFunc(trackingscript.Handler)))
	e.HEAD(trackingscript.Path, echo.WrapHandler(http.HandlerFunc(trackingscript.Handler)))
	if d.Web != nil {
		mountWeb(e, d.Web)
	}
	return frontDoor{redirect: redirectHandler(d.Redirector, e.IPExtractor), redirector: d.Redirector, rest: e}, nil
}

// changeGate refuses changes while the host has the platform in maintenance (emergency.Service).
type changeGate interface {
	CheckChange(ctx context.Context) error
}

// maintenance refuses every change through the API while the host has the platform in
// maintenance, except the operations the contract allows then (x-maintenance: allowed: signing
// in and out, and the host's switches, to end it); reads go on.
func maintenance(switches changeGate) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			switch req.Method {
			case http.MethodGet, http.MethodHead, http.MethodOptions:
				return next(c)
			}
			if policyOf(c).AllowedInMaintenance {
				return next(c)
			}
			if err := switches.CheckChange(req.Context()); err != nil {
				return err
			}
			return next(c)
		}
	}
}

// clientIPExtractor answers how the client's address is read: from the connection, or, behind a
// trusted proxy (TRUST_PROXY), from X-Forwarded-For.
func clientIPExtractor(trustProxy bool) echo.IPExtractor {
	if trustProxy {
		return echo.ExtractIPFromXFFHeader()
	}
	return echo.ExtractIPDirect()
}

// frontDoor sends /r/ to the redirect before any of the API's middleware runs: the redirect is
// the product's hottest path and needs none of it. A brand's tracking domain serves tracking links
// only: anything else on it answers the redirect's 404 page (the app, its API and its sign-in stay
// on the platform's address, so no session or token is ever used on a brand's domain).
type frontDoor struct {
	redirect   http.Handler
	redirector *redirect.Redirector
	rest       http.Handler
}

func (f frontDoor) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/r/") {
		f.redirect.ServeHTTP(w, r)
		return
	}
	if f.redirector.IsTrackingDomain(r.Context(), r.Host) {
		notFound(w, r)
		return
	}
	f.rest.ServeHTTP(w, r)
}

// keepRawBody keeps the exact bytes of a signed webhook's body (x-raw-body), which its signature
// covers: the validator and the handler each read the body again after this.
func keepRawBody(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if !policyOf(c).RawBody {
			return next(c)
		}
		body, err := io.ReadAll(req.Body)
		if err != nil {
			return err
		}
		req.Body = io.NopCloser(bytes.NewReader(body))
		c.SetRequest(req.WithContext(api.WithRawBody(req.Context(), body)))
		return next(c)
	}
}
