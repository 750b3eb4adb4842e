package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/labstack/echo/v4"
)

// TestSecurityHeaders: the app, its docs and the API answer with a Content-Security-Policy that
// allows scripts from the server only (the docs also data: fonts, for Redoc), and with HSTS only
// for an https public URL.
func TestSecurityHeaders(t *testing.T) {
	web := fstest.MapFS{
		"index.html":      {Data: []byte("<html>app</html>")},
		"docs/index.html": {Data: []byte("<html>docs</html>")},
	}
	for publicURL, wantHSTS := range map[string]bool{"https://aff.example.com": true, "HTTPS://aff.example.com": true, "http://localhost:8080": false} {
		e := echo.New()
		e.Use(securityHeaders(publicURL))
		mountWeb(e, web)
		e.GET(APIBase+"/system/health", func(c echo.Context) error { return c.JSON(http.StatusOK, map[string]bool{"success": true}) })
		for _, path := range []string{"/", "/dashboard", "/docs/index.html", APIBase + "/system/health"} {
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
			h := rec.Header()
			csp := h.Get("Content-Security-Policy")
			for _, directive := range []string{"default-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:",
				"frame-ancestors 'none'", "base-uri 'self'", "form-action 'self'", "object-src 'none'"} {
				if !strings.Contains(csp, directive) {
					t.Errorf("%s %s: CSP %q lacks %q", publicURL, path, csp, directive)
				}
			}
			if !strings.Contains(csp, "script-src 'self';") {
				t.Errorf("%s: CSP %q allows scripts from elsewhere", path, csp)
			}
			if fonts := strings.Contains(csp, "font-src 'self' data:"); fonts != strings.HasPrefix(path, "/docs/") {
				t.Errorf("%s: data: fonts in CSP %q: %v", path, csp, fonts)
			}
			if got := h.Get("Strict-Transport-Security"); (got == "max-age=31536000; includeSubDomains") != wantHSTS || (got != "") != wantHSTS {
				t.Errorf("%s %s: HSTS %q", publicURL, path, got)
			}
			if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("X-Frame-Options") != "DENY" || h.Get("Referrer-Policy") == "" {
				t.Errorf("%s: other headers %v", path, h)
			}
		}
	}
}
