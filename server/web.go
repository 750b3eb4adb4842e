package server

import (
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
)

// DocsPage is the offline documentation page; /docs and unknown /docs/* paths redirect to it.
const DocsPage = "/docs/index.html"

// mountWeb serves the built SPA: real files as they are, any other path as index.html.
func mountWeb(e *echo.Echo, web fs.FS) {
	redirectDocs := func(c echo.Context) error { return c.Redirect(http.StatusFound, DocsPage) }
	e.GET("/docs", redirectDocs)
	e.GET("/docs/", redirectDocs)
	serve := func(c echo.Context) error {
		name := strings.TrimPrefix(path.Clean(c.Request().URL.Path), "/")
		if name != "" && name != "index.html" && exists(web, name) {
			if strings.HasPrefix(name, "assets/") {
				c.Response().Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			}
			return serveFile(c, web, name)
		}
		if strings.HasPrefix(name, "docs/") && exists(web, strings.TrimPrefix(DocsPage, "/")) {
			return redirectDocs(c)
		}
		if !exists(web, "index.html") {
			return echo.NewHTTPError(http.StatusNotFound, "the web app is not built")
		}
		c.Response().Header().Set("Cache-Control", "no-cache")
		return serveFile(c, web, "index.html")
	}
	// HEAD answers what GET would, without the body (curl -I, link checkers, uptime probes).
	e.GET("/*", serve)
	e.HEAD("/*", serve)
}

// encodings are the compressed copies the build writes beside a file, best first.
var encodings = []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// precompressed picks the build's copy of name that the request accepts; encoding is empty when
// the file is to be sent as it is.
func precompressed(web fs.FS, name, acceptEncoding string) (file, encoding string) {
	for _, e := range encodings {
		if accepts(acceptEncoding, e.name) && exists(web, name+e.ext) {
			return name + e.ext, e.name
		}
	}
	return name, ""
}

// accepts reads an Accept-Encoding header: the coding is listed (or "*" is) without q=0.
func accepts(header, coding string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.TrimSpace(name)
		if !strings.EqualFold(name, coding) && name != "*" {
			continue
		}
		q, found := strings.CutPrefix(strings.ReplaceAll(strings.TrimSpace(params), " ", ""), "q=")
		if !found {
			return true
		}
		weight, err := strconv.ParseFloat(q, 64)
		return err != nil || weight > 0 // only an explicit zero weight refuses the coding
	}
	return false
}

// serveFile answers one file with ranges and conditional requests, and without the
// index.html redirect of http.FileServer (which would loop with the docs redirect).
func serveFile(c echo.Context, web fs.FS, name string) error {
	h := c.Response().Header()
	h.Add("Vary", "Accept-Encoding")
	file, encoding := precompressed(web, name, c.Request().Header.Get("Accept-Encoding"))
	if encoding != "" {
		h.Set("Content-Encoding", encoding)
		if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
			h.Set("Content-Type", ct)
		}
	}
	f, err := web.Open(file)
	if err != nil {
		return err
	}
	defer func() { _ = f.Close() }() // opened read-only: closing cannot lose data
	info, err := f.Stat()
	if err != nil {
		return err
	}
	rs, ok := f.(io.ReadSeeker)
	if !ok {
		return fmt.Errorf("web: %s cannot seek", name)
	}
	http.ServeContent(c.Response(), c.Request(), name, info.ModTime(), rs)
	return nil
}

func exists(fsys fs.FS, name string) bool {
	info, err := fs.Stat(fsys, name)
	return err == nil && !info.IsDir()
}
