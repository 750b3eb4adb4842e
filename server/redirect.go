package server

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/openaffiliate/platform/server/domain/redirect"
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
	// The redirect's pages are in the visitor's language (redirectAnswer.body).
	acceptLanguage = []string{"Accept-Language"}
)

// pageHeaders are the headers of the redirect's own pages, on both ports.
var pageHeaders = []struct {
	key   string
	value []string
}{
	{"Content-Type", htmlUTF8}, {"X-Content-Type-Options", nosniff}, {"Content-Security-Policy", notFoundCSP},
	{"Cache-Control", noStore}, {"Vary", acceptLanguage},
}

// redirectAnswer is what the redirect sends, on either port: a 302 to location, or one of its
// small pages, in Romanian or English as the visitor's Accept-Language prefers (read only then).
type redirectAnswer struct {
	status   int
	location string // the redirect's, when status is redirect.HTTPStatus
	ro, en   string // a page's texts
}

// answerFor turns a visit's outcome into its answer.
func answerFor(ctx context.Context, out redirect.Outcome, err error, code string) redirectAnswer {
	switch {
	case err != nil:
		if !errors.Is(err, redirect.ErrUnavailable) { // an outage is logged when it begins and ends, not per visit
			slog.ErrorContext(ctx, "redirect failed", "err", err, "code", code)
		}
		return unavailableAnswer(http.StatusServiceUnavailable)
	case !out.Found:
		return notFoundAnswer
	default:
		return redirectAnswer{status: redirect.HTTPStatus, location: out.Location}
	}
}

// notFoundAnswer is the not-found page.
var notFoundAnswer = redirectAnswer{status: http.StatusNotFound, ro: redirect.NotFoundPageRO, en: redirect.NotFoundPageEN}

// unavailableAnswer is the page of a link that cannot be read now (503), or of a redirect that failed (500).
func unavailableAnswer(status int) redirectAnswer {
	return redirectAnswer{status: status, ro: redirect.UnavailablePageRO, en: redirect.UnavailablePageEN}
}

// body is a page's text for a visitor's Accept-Language: English when it prefers English, else Romanian.
func (a redirectAnswer) body(acceptLanguage string) string {
	if redirect.PrefersEnglish(acceptLanguage) {
		return a.en
	}
	return a.ro
}

// write sends an answer on the main port.
func (a redirectAnswer) write(w http.ResponseWriter, req *http.Request) {
	h := w.Header()
	if a.location != "" {
		h["Location"] = []string{a.location}
		w.WriteHeader(a.status)
		return
	}
	for _, ph := range pageHeaders {
		h[ph.key] = ph.value
	}
	if a.status == http.StatusServiceUnavailable {
		h["Retry-After"] = retryAfter
	}
	w.WriteHeader(a.status)
	_, _ = io.WriteString(w, a.body(req.Header.Get("Accept-Language")))
}

// notFound answers the not-found page in the visitor's language.
func notFound(w http.ResponseWriter, req *http.Request) { notFoundAnswer.write(w, req) }

func redirectHandler(r *redirect.Redirector, clientIP echo.IPExtractor) http.HandlerFunc {
	return func(w http.ResponseWriter, req *http.Request) {
		defer func() {
			if rec := recover(); rec != nil {
				slog.Error("redirect panicked", "panic", rec, "path", req.URL.Path)
				unavailableAnswer(http.StatusInternalServerError).write(w, req)
			}
		}()
		if req.Method != http.MethodGet && req.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "Method not allowed", http.StatusMethodNotAllowed)
			return
		}
		code := strings.TrimPrefix(req.URL.Path, "/r/")
		w.Header()["Cache-Control"] = noStore
		out, err := r.Visit(req.Context(), redirect.Visit{
			Code: code, IP: clientIP(req), UserAgent: req.UserAgent(), Referrer: req.Referer(), Host: req.Host,
			Head: req.Method == http.MethodHead,
		})
		answerFor(req.Context(), out, err, code).write(w, req)
	}
}
