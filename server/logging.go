package server

import (
	"log/slog"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

// requestLogger logs one line per request with its path but never its query string, which can
// carry secrets: the reset page's token, an invitation's token.
func requestLogger() echo.MiddlewareFunc {
	return middleware.RequestLoggerWithConfig(middleware.RequestLoggerConfig{
		// Successful redirects are counted as clicks, not logged one line each.
		Skipper:   func(c echo.Context) bool { return strings.HasPrefix(c.Path(), "/r/") },
		LogStatus: true, LogURIPath: true, LogMethod: true, LogLatency: true, LogRequestID: true, LogRemoteIP: true, LogError: true,
		HandleError: true,
		LogValuesFunc: func(c echo.Context, v middleware.RequestLoggerValues) error {
			level := slog.LevelInfo
			if v.Status >= 500 {
				level = slog.LevelError
			}
			slog.LogAttrs(c.Request().Context(), level, "request",
				slog.String("request_id", v.RequestID), slog.String("method", v.Method), slog.String("path", v.URIPath),
				slog.Int("status", v.Status), slog.Duration("latency", v.Latency.Round(time.Microsecond)))
			return nil
		},
	})
}
