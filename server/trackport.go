package server

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/valyala/fasthttp"

	"github.com/openaffiliate/platform/server/tracking"
)

// The tracking port (TRACKING_PORT) serves the redirect alone, with fasthttp instead of net/http:
// it reuses each connection's buffers and request objects and keeps no per-request deadline
// timers or background reads, which cost most of the redirect's CPU under net/http
// (docs/benchmarks.md). It answers exactly as the main port's /r/: the same redirect, the same pages
// and headers; any other path is the not-found page.

// Bytes of the tracking port's fixed answers.
var (
	redirectPrefix = []byte("/r/")
	noStoreValue   = []byte("no-store")
	htmlValue      = []byte(htmlUTF8[0])
)

// newTrackingServer makes the tracking port's server: bounded request headers and timeouts as on
// the main port, so a slow client cannot hold a connection by trickling its request.
func newTrackingServer(r *tracking.Redirector, trustProxy bool) *fasthttp.Server {
	return &fasthttp.Server{
		Handler:               trackingHandler(r, clientIPExtractor(trustProxy), trustProxy),
		Name:                  "openaffiliate",
		ReadBufferSize:        MaxHeaderBytes, // a request line and headers larger than this are refused (431)
		ReadTimeout:           5 * time.Second,
		WriteTimeout:          10 * time.Second,
		IdleTimeout:           120 * time.Second,
		NoDefaultServerHeader: true,
		NoDefaultContentType:  true,
		CloseOnShutdown:       true,
		Logger:                fasthttpLogger{},
	}
}

func trackingHandler(r *tracking.Redirector, clientIP echo.IPExtractor, trustProxy bool) fasthttp.RequestHandler {
	return func(ctx *fasthttp.RequestCtx) {
		defer func() {
			if rec := recover(); rec != nil {
				slog.Error("redirect panicked", "panic", rec, "path", string(ctx.Path()))
				fastUnavailable(ctx, http.StatusInternalServerError)
			}
		}()
		path := ctx.Path()
		if !bytes.HasPrefix(path, redirectPrefix) {
			fastNotFound(ctx)
			return
		}
		head := ctx.IsHead()
		if !head && !ctx.IsGet() { // as http.Error answers on the main port
			h := &ctx.Response.Header
			h.Set("Allow", "GET, HEAD")
			h.SetContentType("text/plain; charset=utf-8")
			h.Set("X-Content-Type-Options", nosniff[0])
			ctx.SetStatusCode(http.StatusMethodNotAllowed)
			ctx.SetBodyString("Method not allowed\n")
			return
		}
		ctx.Response.Header.SetBytesV("Cache-Control", noStoreValue)
		code := string(path[len(redirectPrefix):])
		out, err := r.Visit(ctx, tracking.Visit{
			Code: code, IP: fastClientIP(ctx, clientIP, trustProxy), UserAgent: string(ctx.UserAgent()),
			Referrer: string(ctx.Referer()), Host: string(ctx.Host()), Head: head,
		})
		switch {
		case err != nil:
			if !errors.Is(err, tracking.ErrUnavailable) { // an outage is logged when it begins and ends, not per visit
				slog.Error("redirect failed", "err", err, "code", code)
			}
			fastUnavailable(ctx, http.StatusServiceUnavailable)
		case !out.Found:
			fastNotFound(ctx)
		default:
			ctx.Response.Header.Set("Location", out.Location)
			ctx.SetStatusCode(tracking.HTTPStatus)
		}
	}
}

// fastClientIP answers the visitor's address as the main port's extractor does: the connection's,
// or, behind a trusted proxy, the one X-Forwarded-For names.
func fastClientIP(ctx *fasthttp.RequestCtx, clientIP echo.IPExtractor, trustProxy bool) string {
	xff := ctx.Request.Header.Peek("X-Forwarded-For")
	if !trustProxy || len(xff) == 0 {
		return ctx.RemoteIP().String()
	}
	req := &http.Request{RemoteAddr: ctx.RemoteAddr().String(), Header: http.Header{"X-Forwarded-For": {string(xff)}}}
	return clientIP(req)
}

// fastPage answers one of the redirect's own small pages with a status, as page does.
func fastPage(ctx *fasthttp.RequestCtx, status int, body string) {
	h := &ctx.Response.Header
	h.SetContentTypeBytes(htmlValue)
	h.Set("X-Content-Type-Options", nosniff[0])
	h.Set("Content-Security-Policy", notFoundCSP[0])
	h.Set("Cache-Control", noStore[0])
	if status == http.StatusServiceUnavailable {
		h.Set("Retry-After", retryAfter[0])
	}
	h.Set("Vary", acceptLanguage[0])
	ctx.SetStatusCode(status)
	ctx.SetBodyString(body)
}

// fastNotFound answers the not-found page in the visitor's language, as notFound does.
func fastNotFound(ctx *fasthttp.RequestCtx) {
	fastPage(ctx, http.StatusNotFound, pageIn(string(ctx.Request.Header.Peek("Accept-Language")), tracking.NotFoundPageRO, tracking.NotFoundPageEN))
}

// fastUnavailable answers the page of a link that cannot be read now, as unavailable does.
func fastUnavailable(ctx *fasthttp.RequestCtx, status int) {
	fastPage(ctx, status, pageIn(string(ctx.Request.Header.Peek("Accept-Language")), tracking.UnavailablePageRO, tracking.UnavailablePageEN))
}

// fasthttpLogger sends fasthttp's own messages (connection errors) to slog at debug level.
type fasthttpLogger struct{}

func (fasthttpLogger) Printf(format string, args ...any) {
	slog.Debug("tracking port", "message", fmt.Sprintf(format, args...))
}
