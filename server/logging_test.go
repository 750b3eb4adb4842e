package server

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
)

// TestRequestLogKeepsQueriesOut: a reset or invitation token in a query string never reaches the log.
func TestRequestLogKeepsQueriesOut(t *testing.T) {
	var out bytes.Buffer
	defer slog.SetDefault(slog.Default())
	slog.SetDefault(slog.New(slog.NewTextHandler(&out, nil)))
	e := echo.New()
	e.Use(requestLogger())
	e.GET("/*", func(c echo.Context) error { return c.String(http.StatusOK, "page") })
	for _, target := range []string{"/reset-password?token=reset-secret", "/auth?invite=invite-secret", "/anything?x=1&token=other-secret"} {
		e.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, target, nil))
	}
	log := out.String()
	if strings.Contains(log, "secret") || strings.Contains(log, "token=") {
		t.Errorf("a query string was logged:\n%s", log)
	}
	for _, path := range []string{"path=/reset-password", "path=/auth", "path=/anything"} {
		if !strings.Contains(log, path) {
			t.Errorf("the log misses %s:\n%s", path, log)
		}
	}
}
