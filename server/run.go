package server

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/valyala/fasthttp"

	"github.com/openaffiliate/platform/api"
	"github.com/openaffiliate/platform/gen/spec"
	"github.com/openaffiliate/platform/server/domain/accounts"
	"github.com/openaffiliate/platform/server/domain/affiliates"
	"github.com/openaffiliate/platform/server/domain/analytics"
	"github.com/openaffiliate/platform/server/domain/apikeys"
	"github.com/openaffiliate/platform/server/domain/applications"
	"github.com/openaffiliate/platform/server/domain/brands"
	"github.com/openaffiliate/platform/server/domain/campaigns"
	"github.com/openaffiliate/platform/server/domain/clickid"
	"github.com/openaffiliate/platform/server/domain/clicks"
	"github.com/openaffiliate/platform/server/domain/conversions"
	"github.com/openaffiliate/platform/server/domain/discountcodes"
	"github.com/openaffiliate/platform/server/domain/email"
	"github.com/openaffiliate/platform/server/domain/emergency"
	"github.com/openaffiliate/platform/server/domain/export"
	"github.com/openaffiliate/platform/server/domain/links"
	"github.com/openaffiliate/platform/server/domain/notify"
	"github.com/openaffiliate/platform/server/domain/payouts"
	"github.com/openaffiliate/platform/server/domain/redirect"
	"github.com/openaffiliate/platform/server/domain/shopify"
	"github.com/openaffiliate/platform/server/domain/stripe"
	"github.com/openaffiliate/platform/server/domain/trackingdomains"
	"github.com/openaffiliate/platform/server/domain/webhooks"
	"github.com/openaffiliate/platform/server/domain/woocommerce"
	"github.com/openaffiliate/platform/server/platform/auth"
	"github.com/openaffiliate/platform/server/platform/change"
	"github.com/openaffiliate/platform/server/platform/daterange"
	"github.com/openaffiliate/platform/server/platform/idempotency"
	"github.com/openaffiliate/platform/server/platform/jobs"
	"github.com/openaffiliate/platform/server/platform/mail"
)

// Version is the build's version, set with -ldflags "-X .../server.Version=...".
var Version = "1.0.0-dev"

// App is a configured server with its database.
type App struct {
	Config   Config
	Pool     *pgxpool.Pool
	Accounts *accounts.Service
	Clicks   *clicks.Recorder
	Replays  *idempotency.Store // answers to requests with an Idempotency-Key
	// Conversions is read by the holding-period job.
	Conversions *conversions.Service
	// Analytics is folded by its job.
	Analytics *analytics.Service
	// TrackingDomains are checked again by their job.
	TrackingDomains *trackingdomains.Service
	// Webhooks delivers the brands' webhook events through its job.
	Webhooks *webhooks.Service
	// Jobs runs the background jobs (server/platform/jobs; workers registered in server/jobs.go).
	// Services that enqueue a job in their transaction take it as a jobs.Inserter.
	Jobs *jobs.Runner
	// Email queues and sends the platform's mail (server/domain/email); off without SMTP_URL.
	Email *email.Service
	HTTP  http.Handler
	// Tracking serves the redirect alone on TRACKING_PORT; nil without one.
	Tracking *fasthttp.Server
}

// NewApp connects, migrates, seeds what the configuration asks for and builds the HTTP handler.
func NewApp(ctx context.Context, cfg Config, web fs.FS) (*App, error) {
	// Every redirect draws a UUIDv7 click id: read the system's randomness in blocks, not per id.
	uuid.EnableRandPool()
	pool, err := OpenPool(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	app, err := newApp(ctx, cfg, pool, web)
	if err != nil {
		pool.Close()
	}
	return app, err
}

func newApp(ctx context.Context, cfg Config, pool *pgxpool.Pool, web fs.FS) (*App, error) {
	if err := Migrate(pool); err != nil {
		return nil, err
	}
	jobRunner, err := jobs.New(pool, cfg.Jobs)
	if err != nil {
		return nil, err
	}
	tokens, err := auth.NewTokens(cfg.JWTSecret, time.Now)
	if err != nil {
		return nil, err
	}
	// Email (docs/product.md § 10): off without SMTP_URL, when the service has no sender.
	var deliverer email.Deliverer
	if cfg.Mail != nil {
		deliverer = mail.NewSender(*cfg.Mail)
		if cfg.MailVia != nil {
			deliverer = cfg.MailVia(deliverer)
		}
	}
	mailer := email.New(pool, jobRunner, deliverer, cfg.PublicURL, cfg.JWTSecret)
	accts := accounts.New(pool, time.Now, cfg.Limits)
	accts.SetMail(mailer, jobRunner)
	registerMailJobs(jobRunner, mailer, accts)
	if cfg.HostEmail != "" {
		if err := accts.EnsureHost(ctx, cfg.HostEmail, cfg.HostPassword); err != nil {
			return nil, fmt.Errorf("create the first host from HOST_EMAIL: %w", err)
		}
	}
	brandSvc := brands.New(pool, cfg.PublicURL)
	campaignSvc := campaigns.New(pool, brandSvc)
	// Changes that brands hear of through their webhooks write their events in their transaction.
	events := webhooks.NewEvents(jobRunner, time.Now)
	hooks := webhooks.New(pool, events, time.Now, cfg.Webhooks)
	if cfg.Webhooks.AllowPrivate {
		slog.Warn("WEBHOOKS_ALLOW_PRIVATE: webhook endpoints may be http:// and reach loopback and private addresses")
	}
	applicationSvc := applications.New(pool, time.Now, campaignSvc)
	applicationSvc.SetEvents(events)
	applicationSvc.SetMailer(mailer)
	keys := apikeys.New(pool, time.Now)
	hashIP := auth.IPHasher(cfg.JWTSecret)
	recorder := clicks.NewRecorder(pool, clicks.Options{Writers: cfg.ClickWriters})
	clickIDs := clickid.NewSigner(cfg.JWTSecret)
	redirector := redirect.NewRedirector(pool, recorder, hashIP, clickIDs, time.Now)
	// The caches learn of changes the services publish (server/platform/change).
	changes := change.Of(pool)
	changes.Subscribe(redirector)
	if err := redirector.LoadTrackingDomains(ctx); err != nil {
		_ = recorder.Close(ctx)
		return nil, err
	}
	var resolver trackingdomains.Resolver = net.DefaultResolver
	if cfg.Resolver != nil {
		resolver = cfg.Resolver
	}
	trackingLinks := links.New(pool, brandSvc, campaignSvc)
	codes := discountcodes.New(pool, campaignSvc)
	trackingDomains := trackingdomains.New(pool, brandSvc, redirector, cfg.PublicURL, resolver, time.Now)
	trackingDomains.SetMailer(mailer)
	affiliateSvc := affiliates.New(pool)
	affiliateSvc.SetEmailChanges(accts)
	payoutSvc := payouts.New(pool)
	payoutSvc.SetMailer(mailer)
	replays := idempotency.New(pool, cfg.JWTSecret, time.Now)
	convs := conversions.New(pool, time.Now, conversions.DefaultFraudLimits, clickIDs)
	convs.SetGroups(cfg.IngestGroups)
	convs.SetEvents(events)
	payoutSvc.SetEvents(events)
	changes.Subscribe(convs)
	changes.Subscribe(keys) // a revoked key is refused at once
	secrets := brands.NewWebhookSecrets(pool)
	changes.Subscribe(secrets) // and an old webhook secret
	if cfg.DevMode {
		if err := seedDemoData(ctx, accts, brandSvc, campaignSvc, applicationSvc, trackingLinks, codes); err != nil {
			_ = recorder.Close(ctx)
			return nil, err
		}
		if err := seedDemoConversions(ctx, accts, convs); err != nil {
			_ = recorder.Close(ctx)
			return nil, err
		}
	}
	if !cfg.DemoAccountsAllowed() {
		if cfg.DevMode {
			slog.Warn("dev mode: dev-login and the demo accounts are off because PUBLIC_URL is not a loopback address", "public_url", cfg.PublicURL)
		}
		if err := accts.DisableDemoAccounts(ctx); err != nil {
			_ = recorder.Close(ctx)
			return nil, err
		}
	}
	switches := emergency.New(pool)
	stats := analytics.New(pool, nil)
	handler, err := NewHTTP(Deps{
		API: &api.Server{
			Pool: pool, Accounts: accts, Analytics: stats, Brands: brandSvc, APIKeys: keys, Affiliates: affiliateSvc,
			Campaigns: campaignSvc, Applications: applicationSvc, Links: trackingLinks, DiscountCodes: codes, TrackingDomains: trackingDomains,
			Conversions: convs, Shopify: shopify.New(pool, convs, secrets), WooCommerce: woocommerce.New(pool, convs, secrets), Stripe: stripe.New(pool, convs, time.Now), Payouts: payoutSvc, Webhooks: hooks, Notify: notify.New(pool), Email: mailer,
			Emergency: switches, Export: export.New(pool), Jobs: jobRunner, Calendar: daterange.New(time.Now),
			Tokens: tokens, HashIP: hashIP, DemoAccounts: cfg.DemoAccountsAllowed(), PublicURL: cfg.PublicURL, Version: Version,
		},
		Accounts: accts, APIKeys: keys, Tokens: tokens, Redirector: redirector, Replays: replays, Web: web, SpecYAML: spec.YAML,
		TrustProxy: cfg.TrustProxy,
	})
	if err != nil {
		_ = recorder.Close(ctx)
		return nil, err
	}
	app := &App{Config: cfg, Pool: pool, Accounts: accts, Clicks: recorder, Replays: replays, Conversions: convs, Analytics: stats,
		TrackingDomains: trackingDomains, Webhooks: hooks, Jobs: jobRunner, Email: mailer, HTTP: handler}
	registerJobs(app)
	if cfg.TrackingPort != 0 {
		app.Tracking = newTrackingServer(redirector, cfg.TrustProxy)
	}
	return app, nil
}

// Close writes out the buffered clicks, then releases the database.
func (a *App) Close() {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := a.Clicks.Close(ctx); err != nil {
		slog.Error("clicks not written before shutdown", "pending", a.Clicks.Pending(), "err", err)
	}
	a.Pool.Close()
}

// Run builds the app and serves until ctx ends, then writes out the buffered clicks and closes it:
// what `openaffiliate serve` does.
func Run(ctx context.Context, cfg Config, web fs.FS) error {
	app, err := NewApp(ctx, cfg, web)
	if err != nil {
		return err
	}
	defer app.Close()
	return app.Serve(ctx)
}

// Serve listens until ctx ends, then drains requests for up to 15 seconds.
func (a *App) Serve(ctx context.Context) error {
	srv := NewHTTPServer(fmt.Sprintf(":%d", a.Config.Port), a.HTTP, context.WithoutCancel(ctx))
	main, err := listen(a.Config.DevMode, a.Config.Port)
	if err != nil {
		return err
	}
	var track []net.Listener
	if a.Tracking != nil {
		if track, err = listen(a.Config.DevMode, a.Config.TrackingPort); err != nil {
			for _, l := range main {
				_ = l.Close()
			}
			return err
		}
	}
	if err := a.Jobs.Start(ctx); err != nil {
		for _, l := range append(main, track...) {
			_ = l.Close()
		}
		return err
	}
	go a.Analytics.FoldLoop(ctx, 2*time.Second)
	errc := make(chan error, len(main)+len(track))
	for _, l := range main {
		go func() {
			slog.Info("listening", "addr", l.Addr().String(), "public_url", a.Config.PublicURL, "dev_mode", a.Config.DevMode, "version", Version)
			errc <- srv.Serve(l)
		}()
	}
	for _, l := range track {
		go func() {
			slog.Info("listening for the redirect alone", "addr", l.Addr().String())
			errc <- a.Tracking.Serve(l)
		}()
	}
	servers := len(main) + len(track)
	select {
	case err := <-errc:
		if stopErr := a.Jobs.Stop(); stopErr != nil {
			slog.Error("background jobs did not stop cleanly", "err", stopErr)
		}
		return err
	case <-ctx.Done():
	}
	slog.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if a.Tracking != nil {
		if err := a.Tracking.ShutdownWithContext(shutdownCtx); err != nil {
			return err
		}
	}
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return err
	}
	for range servers {
		if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	}
	// No request inserts a job any more: let the running ones finish (JOBS_STOP_TIMEOUT).
	if err := a.Jobs.Stop(); err != nil {
		slog.Error("background jobs did not stop cleanly", "err", err)
	}
	// No request runs any more: every accepted click is in the buffer; write it all out.
	if err := a.Clicks.Close(shutdownCtx); err != nil {
		return fmt.Errorf("write buffered clicks: %w", err)
	}
	slog.Info("stopped")
	return nil
}

// listen opens a port on every interface, or in dev mode on the loopback interface only (127.0.0.1
// and ::1, where the machine has IPv6): dev mode seeds demo accounts whose password is public, and
// nobody else on the network may reach them.
func listen(devMode bool, port int) ([]net.Listener, error) {
	if !devMode {
		l, err := net.Listen("tcp", fmt.Sprintf(":%d", port))
		if err != nil {
			return nil, err
		}
		return []net.Listener{l}, nil
	}
	v4, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		return nil, err
	}
	v6, err := net.Listen("tcp", net.JoinHostPort("::1", strconv.Itoa(port)))
	if err != nil {
		slog.Debug("dev mode: not listening on ::1", "err", err)
		return []net.Listener{v4}, nil
	}
	return []net.Listener{v4, v6}, nil
}

// MaxHeaderBytes bounds a request's line and headers: a tracking link's address is short, and
// a huge one is refused (431) before any handler sees it.
const MaxHeaderBytes = 64 << 10

// NewHTTPServer is the server the app listens with: bounded headers, and timeouts so a slow
// client cannot hold a connection open by trickling its request.
func NewHTTPServer(addr string, h http.Handler, base context.Context) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		MaxHeaderBytes:    MaxHeaderBytes,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return base },
	}
}

// RecheckTrackingDomains checks every verified tracking domain's DNS records again, once: one whose
// proof is gone goes back to pending and its brand is notified (trackingdomains.Service.RecheckTrackingDomains).
func (a *App) RecheckTrackingDomains(ctx context.Context) error {
	n, err := a.TrackingDomains.RecheckTrackingDomains(ctx)
	if n > 0 {
		slog.Warn("tracking domains lost their proof and went back to pending", "count", n)
	}
	return err
}
