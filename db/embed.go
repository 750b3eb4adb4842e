// Package db holds the schema migrations, embedded into the server binary and applied at start-up.
package db

import "embed"

// Migrations are golang-migrate files (NNNNNN_name.up.sql / .down.sql).
//
//go:embed migrations/*.sql
var Migrations embed.FS
