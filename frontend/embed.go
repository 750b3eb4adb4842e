// Package frontend embeds the built web app (Vite's dist folder) into the server binary.
package frontend

import "embed"

// Dist holds the built single-page app and the docs page; `make build` fills it before compiling.
//
//go:embed all:dist
var Dist embed.FS
