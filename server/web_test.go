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

func TestWebSendsCompressedCopies(t *testing.T) {
	e := echo.New()
	mountWeb(e, fstest.MapFS{
		"index.html":         {Data: []byte("<html>app</html>")},
		"index.html.gz":      {Data: []byte("gzip-index")},
		"assets/app-1.js":    {Data: []byte("console.log(1)")},
		"assets/app-1.js.br": {Data: []byte("brotli-app")},
		"assets/app-1.js.gz": {Data: []byte("gzip-app")},
		"assets/small.css":   {Data: []byte("a{}")},
	})
	get := func(path, accept string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		return rec
	}
	for _, tc := range []struct{ path, accept, encoding, body, contentType string }{
		{"/assets/app-1.js", "gzip, deflate, br, zstd", "br", "brotli-app", "text/javascript"},
		{"/assets/app-1.js", "gzip", "gzip", "gzip-app", "text/javascript"},
		{"/assets/app-1.js", "br;q=0, gzip;q=0.8", "gzip", "gzip-app", "text/javascript"},
		{"/assets/app-1.js", "", "", "console.log(1)", "text/javascript"},
		{"/assets/app-1.js", "identity", "", "console.log(1)", "text/javascript"},
		{"/assets/small.css", "br, gzip", "", "a{}", "text/css"},
		{"/dashboard", "br, gzip", "gzip", "gzip-index", "text/html"},
	} {
		head := httptest.NewRequest(http.MethodHead, tc.path, nil)
		head.Header.Set("Accept-Encoding", tc.accept)
		headRec := httptest.NewRecorder()
		e.ServeHTTP(headRec, head)
		if headRec.Code != http.StatusOK || headRec.Header().Get("Content-Encoding") != tc.encoding {
			t.Errorf("HEAD %s with %q: %d, encoding %q", tc.path, tc.accept, headRec.Code, headRec.Header().Get("Content-Encoding"))
		}
		rec := get(tc.path, tc.accept)
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != tc.encoding || rec.Body.String() != tc.body ||
			!strings.HasPrefix(rec.Header().Get("Content-Type"), tc.contentType) || rec.Header().Get("Vary") != "Accept-Encoding" {
			t.Errorf("%s with %q: %d, encoding %q, type %q, vary %q, body %q", tc.path, tc.accept, rec.Code,
				rec.Header().Get("Content-Encoding"), rec.Header().Get("Content-Type"), rec.Header().Get("Vary"), rec.Body.String())
		}
	}
}
