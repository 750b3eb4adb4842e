package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/labstack/echo/v4"
)

func TestWebServesFilesFallsBackAndRedirectsDocs(t *testing.T) {
	e := echo.New()
	mountWeb(e, fstest.MapFS{
		"index.html":      {Data: []byte("<html>app</html>")},
		"assets/app-1.js": {Data: []byte("console.log(1)")},
		"docs/index.html": {Data: []byte("<html>docs</html>")},
		"docs/redoc.js":   {Data: []byte("redoc")},
	})
	get := func(path string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		return rec
	}
	for path, want := range map[string]string{"/": "app", "/dashboard": "app", "/admin/x/y": "app", "/docs/index.html": "docs", "/docs/redoc.js": "redoc"} {
		if rec := get(path); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), want) {
			t.Errorf("%s: %d %q", path, rec.Code, rec.Body.String())
		}
	}
	if rec := get("/assets/app-1.js"); !strings.Contains(rec.Header().Get("Cache-Control"), "immutable") {
		t.Errorf("hashed assets are not cached: %q", rec.Header().Get("Cache-Control"))
	}
	for _, path := range []string{"/docs", "/docs/", "/docs/guide/anything"} {
		if rec := get(path); rec.Code != http.StatusFound || rec.Header().Get("Location") != DocsPage {
			t.Errorf("%s: %d -> %q", path, rec.Code, rec.Header().Get("Location"))
		}
	}
}
