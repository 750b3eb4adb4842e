package server

import (
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/openaffiliate/platform/server/tracking"
)

// redirectHandler answers GET /r/{code}: 302 to the destination with the click recorded,
// or a small 404 page for unknown, paused and archived codes, or a small 503 page when the link
// cannot be read now (never a bare error). HEAD learns the destination without a click.
// Header values the redirect shares between requests (net/http only reads them), set with their
// canonical keys, so the hot path neither allocates nor canonicalizes them.
var (
	noStore  = []string{"no-store"}
	nosniff  = []string{"nosniff"}
	htmlUTF8 = []string{"text/html; charset=utf-8"}
	// The not-found page is static with inline styles: it may load nothing and be framed nowhere.
	notFoundCSP = []string{"default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"}
	retryAfter  = []string{"5"}
	// The redirect's pages are in the visitor's language (pageIn).
	acceptLanguage = []string{"Accept-Language"}
)

// page answers one of the redirect's own small pages with a status.
func page(w http.ResponseWriter, status int, body string) {
	h := w.Header()
	h["Content-Type"] = htmlUTF8
	h["X-Content-Type-Options"] = nosniff
	h["Content-Security-Policy"] = notFoundCSP
	if status == http.StatusServiceUnavailable {
		h["Retry-After"] = retryAfter
	}
	h["Vary"] = acceptLanguage
	w.WriteHeader(status)
	_, _ = io.WriteString(w, body)
}

// notFound answers the not-found page in the visitor's language.
func notFound(w http.ResponseWriter, req *http.Request) {
	page(w, http.StatusNotFound, pageIn(req.Header.Get("Accept-Language"), tracking.NotFoundPageRO, tracking.NotFoundPageEN))
}

// unavailable answers the page of a link that cannot be read now, in the visitor's language.
func unavailable(w http.ResponseWriter, req *http.Request, status int) {
	page(w, status, pageIn(req.Header.Get("Accept-Language"), tracking.UnavailablePageRO, tracking.UnavailablePageEN))
}

// pageIn answers the English text of a page when the visitor's Accept-Language prefers English,
// else the Romanian one.
func pageIn(acceptLanguage, ro, en string) string {
	if tracking.PrefersEnglish(acceptLanguage) {
		return en
	}
	return ro
}

func redirectHandler(r *tracking.Redirector, clientIP echo.IPExtractor) http.HandlerFunc {
	return func(w http.ResponseWriter, req *http.Request) {
		defer func() {
			if rec := recover(); rec != nil {
				slog.Error("redirect panicked", "panic", rec, "path", req.URL.Path)
				unavailable(w, req, http.StatusInternalServerError)
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
			Code: code, IP: clientIP(req), UserAgent: req.UserAgent(), Referrer: req.Referer(), Host: req.Host,
			Head: req.Method == http.MethodHead,
		})
		switch {
		case err != nil:
			if !errors.Is(err, tracking.ErrUnavailable) { // an outage is logged when it begins and ends, not per visit
				slog.ErrorContext(req.Context(), "redirect failed", "err", err, "code", code)
			}
			unavailable(w, req, http.StatusServiceUnavailable)
		case !out.Found:
			notFound(w, req)
		default:
			h["Location"] = []string{out.Location}
			w.WriteHeader(tracking.HTTPStatus)
		}
	}
}
