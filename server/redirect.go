package server

import (
	"io"
	"log/slog"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/openaffiliate/platform/server/tracking"
)

// redirectHandler answers GET /r/{code}: 302 to the destination with the click recorded,
// or a small 404 page for unknown, paused and archived codes. HEAD learns the destination
// without a click.
// Header values the redirect shares between requests (net/http only reads them), set with their
// canonical keys, so the hot path neither allocates nor canonicalizes them.
var (
	noStore  = []string{"no-store"}
	nosniff  = []string{"nosniff"}
	htmlUTF8 = []string{"text/html; charset=utf-8"}
	// The not-found page is static with inline styles: it may load nothing and be framed nowhere.
	notFoundCSP = []string{"default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"}
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
			h["Content-Security-Policy"] = notFoundCSP
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, tracking.NotFoundPage)
		default:
			h["Location"] = []string{out.Location}
			w.WriteHeader(tracking.HTTPStatus)
		}
	}
}
