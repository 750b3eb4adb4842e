package server

import (
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"path"
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
	e.GET("/*", func(c echo.Context) error {
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
		c.Response().Header().Set("Cache-Control", "no-cache")
		index, err := fs.ReadFile(web, "index.html")
		if err != nil {
			return echo.NewHTTPError(http.StatusNotFound, "the web app is not built")
		}
		return c.HTMLBlob(http.StatusOK, index)
	})
}

// serveFile answers one file with ranges and conditional requests, and without the
// index.html redirect of http.FileServer (which would loop with the docs redirect).
func serveFile(c echo.Context, web fs.FS, name string) error {
	f, err := web.Open(name)
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
