package server

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/valyala/fasthttp"

	"github.com/openaffiliate/platform/server/domain/redirect"
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
)

// newTrackingServer makes the tracking port's server: bounded request headers and timeouts as on
// the main port, so a slow client cannot hold a connection by trickling its request.
func newTrackingServer(r *redirect.Redirector, trustProxy bool) *fasthttp.Server {
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

func trackingHandler(r *redirect.Redirector, clientIP echo.IPExtractor, trustProxy bool) fasthttp.RequestHandler {
	return func(ctx *fasthttp.RequestCtx) {
		defer func() {
			if rec := recover(); rec != nil {
				slog.Error("redirect panicked", "panic", rec, "path", string(ctx.Path()))
				writeFast(ctx, unavailableAnswer(http.StatusInternalServerError))
			}
		}()
		path := ctx.Path()
		if !bytes.HasPrefix(path, redirectPrefix) {
			writeFast(ctx, notFoundAnswer)
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
		out, err := r.Visit(ctx, redirect.Visit{
			Code: code, IP: fastClientIP(ctx, clientIP, trustProxy), UserAgent: string(ctx.UserAgent()),
			Referrer: string(ctx.Referer()), Host: string(ctx.Host()), Head: head,
		})
		writeFast(ctx, answerFor(ctx, out, err, code))
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

// writeFast sends an answer on the tracking port, as redirectAnswer.write does on the main port.
func writeFast(ctx *fasthttp.RequestCtx, a redirectAnswer) {
	h := &ctx.Response.Header
	if a.location != "" {
		h.Set("Location", a.location)
		ctx.SetStatusCode(a.status)
		return
	}
	for _, ph := range pageHeaders {
		h.Set(ph.key, ph.value[0])
	}
	if a.status == http.StatusServiceUnavailable {
		h.Set("Retry-After", retryAfter[0])
	}
	ctx.SetStatusCode(a.status)
	ctx.SetBodyString(a.body(string(ctx.Request.Header.Peek("Accept-Language"))))
}

// fasthttpLogger sends fasthttp's own messages (connection errors) to slog at debug level.
type fasthttpLogger struct{}

func (fasthttpLogger) Printf(format string, args ...any) {
	slog.Debug("tracking port", "message", fmt.Sprintf(format, args...))
}
