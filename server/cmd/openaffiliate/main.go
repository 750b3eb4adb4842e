// Command openaffiliate is the whole platform in one binary: API, tracking, web app and docs.
//
//	openaffiliate                 serve (the default)
//	openaffiliate migrate         apply database migrations and exit
//	openaffiliate create-host     create a host account: -email, -password, -first-name, -last-name
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/openaffiliate/platform/frontend"
	"github.com/openaffiliate/platform/server"
	"github.com/openaffiliate/platform/server/platform/citus"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		slog.Error("openaffiliate", "err", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	cfg, err := server.LoadConfig(os.Getenv)
	if err != nil {
		return err
	}
	setupLogging(cfg)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cmd := "serve"
	if len(args) > 0 {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		web, err := fs.Sub(frontend.Dist, "dist")
		if err != nil {
			return err
		}
		return server.Run(ctx, cfg, web)
	case "migrate":
		pool, err := server.OpenPool(ctx, cfg.DatabaseURL)
		if err != nil {
			return err
		}
		defer pool.Close()
		return server.Migrate(pool)
	case "distribute":
		return distribute(ctx, cfg)
	case "create-host":
		return createHost(ctx, cfg, args)
	default:
		return fmt.Errorf("unknown command %q (serve, migrate, distribute, create-host)", cmd)
	}
}

// distribute applies the migrations and places every table on the Citus cluster the database is
// the coordinator of (docs/scaling.md, "Moving to Citus"), saying what it moved; on PostgreSQL
// without Citus it says so and changes nothing.
func distribute(ctx context.Context, cfg server.Config) error {
	pool, err := server.OpenPool(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	active, err := citus.Active(ctx, pool)
	if err != nil {
		return err
	}
	if !active {
		return errors.New("distribute: the database is not a Citus coordinator with workers (CREATE EXTENSION citus, citus_set_coordinator_host, citus_add_node first)")
	}
	if err := server.Migrate(pool); err != nil { // places the tables too
		return err
	}
	moved, err := citus.Distribute(ctx, pool) // nothing left to move: a check that all are placed
	if err != nil {
		return err
	}
	if len(moved) > 0 {
		return fmt.Errorf("distribute: %v still not placed", moved)
	}
	fmt.Println("every table is placed on the cluster")
	return nil
}

func createHost(ctx context.Context, cfg server.Config, args []string) error {
	fset := flag.NewFlagSet("create-host", flag.ContinueOnError)
	email := fset.String("email", "", "the host's email")
	password := fset.String("password", "", "at least 8 characters")
	first := fset.String("first-name", "Platform", "first name")
	last := fset.String("last-name", "Host", "last name")
	if err := fset.Parse(args); err != nil {
		return err
	}
	cfg.HostEmail, cfg.HostPassword, cfg.DevMode = "", "", false
	app, err := server.NewApp(ctx, cfg, nil)
	if err != nil {
		return err
	}
	defer app.Close()
	profile, err := app.Accounts.CreateOperatorHost(ctx, *email, *password, *first, *last)
	if err != nil {
		return err
	}
	fmt.Printf("created host %s (%s)\n", profile.User.Email, profile.User.ID)
	return nil
}

func setupLogging(cfg server.Config) {
	var level slog.Level
	if err := level.UnmarshalText([]byte(strings.ToUpper(cfg.LogLevel))); err != nil || cfg.LogLevel == "" {
		level = slog.LevelInfo
	}
	opts := &slog.HandlerOptions{Level: level}
	var h slog.Handler = slog.NewTextHandler(os.Stderr, opts)
	if cfg.LogFormat == "json" {
		h = slog.NewJSONHandler(os.Stderr, opts)
	}
	slog.SetDefault(slog.New(h))
}
