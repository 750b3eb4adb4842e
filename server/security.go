package server

import (
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"
)

// appCSP is the web app's Content-Security-Policy: its own scripts only (no inline scripts, no
// eval), inline styles for MUI's emotion, no plugins, no framing, and nothing loaded from, posted
// to or connected to elsewhere.
const appCSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
	"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// docsCSP is appCSP plus the icon font Redoc's search dialog embeds as a data: URL.
const docsCSP = appCSP + "; font-src 'self' data:"

// securityHeaders sets the browser hardening headers on every answer of the app, its docs and its
// API (the redirect under /r/ answers before any middleware). HSTS is sent only when the public
// URL is https, since a browser would then refuse plain http to the host for a year.
func securityHeaders(publicURL string) echo.MiddlewareFunc {
	u, err := url.Parse(publicURL)
	hsts := err == nil && strings.EqualFold(u.Scheme, "https")
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			h := c.Response().Header()
			h.Set("X-Content-Type-Options", "nosniff")
			h.Set("X-Frame-Options", "DENY")
			h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
			h.Set("X-XSS-Protection", "0")
			if strings.HasPrefix(c.Request().URL.Path, "/docs/") {
				h.Set("Content-Security-Policy", docsCSP)
			} else {
				h.Set("Content-Security-Policy", appCSP)
			}
			if hsts {
				h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
			}
			return next(c)
		}
	}
}
