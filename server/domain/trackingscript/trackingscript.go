// Package trackingscript is the small first-party script a shop puts on its pages: it keeps the
// aff_click of an affiliate's link in a cookie for the attribution window and hands it to the
// checkout (docs/product.md §5 and §6).
package trackingscript

import (
	_ "embed"
	"net/http"
	"strconv"
)

// Path is where the server answers the script.
const Path = "/track.js"

//go:embed track.js
var Source []byte

// Handler answers the script: cached for an hour, so a fix reaches every shop the same day.
func Handler(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "text/javascript; charset=utf-8")
	h.Set("Cache-Control", "public, max-age=3600")
	h.Set("Content-Length", strconv.Itoa(len(Source)))
	// Shops load it from their own pages: it is meant to be embedded anywhere.
	h.Set("Cross-Origin-Resource-Policy", "cross-origin")
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(Source)
}
