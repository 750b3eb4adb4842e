// Package server is the process: configuration, database, HTTP middleware and routes, start-up and shutdown.
package server

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/openaffiliate/platform/server/domain/accounts"
	"github.com/openaffiliate/platform/server/domain/clicks"
	"github.com/openaffiliate/platform/server/domain/conversions"
	"github.com/openaffiliate/platform/server/domain/email"
	"github.com/openaffiliate/platform/server/domain/trackingdomains"
	"github.com/openaffiliate/platform/server/domain/webhooks"
	"github.com/openaffiliate/platform/server/platform/jobs"
	"github.com/openaffiliate/platform/server/platform/mail"
)

// Config is read from the environment; every field has a working default for development.
type Config struct {
	DatabaseURL  string // DATABASE_URL
	Port         int    // PORT, default 8080
	TrackingPort int    // TRACKING_PORT: a port of its own for the redirect alone (server/trackport.go); 0, the default, serves none
	PublicURL    string // PUBLIC_URL: base of tracking links and docs, default http://localhost:PORT
	JWTSecret    []byte // JWT_SECRET (32+ bytes); generated into DATA_DIR in dev mode when unset
	HostEmail    string // HOST_EMAIL: the first host, created at start-up when missing
	HostPassword string // HOST_PASSWORD
	DevMode      bool   // DEV_MODE: seed demo accounts and allow dev-login
	DataDir      string // DATA_DIR, default ./data
	TrustProxy   bool   // TRUST_PROXY: take the client address from X-Forwarded-For
	LogFormat    string // LOG_FORMAT: text (default) or json
	LogLevel     string // LOG_LEVEL: debug, info (default), warn, error
	// DomainRecheck is how often verified tracking domains are checked again (TRACKING_DOMAIN_RECHECK,
	// a Go duration such as 24h, the default; at least a minute).
	DomainRecheck time.Duration
	// Jobs sizes the background job runner (server/platform/jobs): JOBS_WORKERS (jobs run at once
	// per process, default 10), JOBS_WEBHOOK_WORKERS (webhook deliveries run at once per process,
	// in their own queue, default 10) and JOBS_STOP_TIMEOUT (how long shutdown waits for running
	// jobs, default 30s). Tests also set its retry policy and polling.
	Jobs jobs.Config
	// Webhooks is how brands' webhooks are delivered (server/domain/webhooks): WEBHOOKS_ALLOW_PRIVATE
	// (default false) lets endpoints be http:// and reach loopback and private addresses, for
	// development and tests only; JOBS_WEBHOOK_WORKERS_PER_BRAND (default 3) is how many of one
	// brand's deliveries run at once in all processes. Tests also set its backoff and limits.
	Webhooks webhooks.Config
	// Mail is where the platform's email goes: SMTP_URL (smtp://user:pass@host:port?tls=none|starttls|tls)
	// and MAIL_FROM; nil, when SMTP_URL is unset, leaves email off (docs/product.md § 10).
	Mail *mail.Config
	// MailVia wraps the SMTP sender when set (tests make sends fail on purpose); not from the environment.
	MailVia func(email.Deliverer) email.Deliverer
	// Limits on sign-in, sign-up and password reset attempts; not read from the environment.
	Limits accounts.Limits
	// IngestGroups size the groups of orders stored in one transaction (conversions.GroupOptions):
	// INGEST_GROUP_SIZE (orders, 1 to 64, default 48), INGEST_GROUP_WAIT (a Go duration up to 100ms
	// that a committer waits for more orders, default 0) and INGEST_COMMITTERS (groups stored at
	// once, 1 to 32, default one per 2 of GOMAXPROCS, at least 2).
	IngestGroups conversions.GroupOptions
	// ClickWriters is how many click buffers and COPY writers run side by side (CLICK_WRITERS, 1 to
	// clicks.MaxWriters; 0, the default, is clicks.DefaultWriters: one per 4 of GOMAXPROCS).
	ClickWriters int
	// Resolver looks up tracking domains' records: the system's resolver when nil (tests give a fake).
	Resolver trackingdomains.Resolver
}

// DemoAccountsAllowed reports whether the demo accounts may sign in (also through dev-login):
// only in dev mode on a loopback PUBLIC_URL, since their password is published.
func (c Config) DemoAccountsAllowed() bool {
	return c.DevMode && isLoopbackURL(c.PublicURL)
}

// isLoopbackURL reports whether a URL's host is localhost or a loopback address (127.0.0.0/8, ::1).
func isLoopbackURL(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil {
		return false
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// LoadConfig reads the configuration from the environment.
func LoadConfig(getenv func(string) string) (Config, error) {
	c := Config{
		DatabaseURL:   getenv("DATABASE_URL"),
		PublicURL:     strings.TrimRight(getenv("PUBLIC_URL"), "/"),
		HostEmail:     strings.TrimSpace(getenv("HOST_EMAIL")),
		HostPassword:  getenv("HOST_PASSWORD"),
		DataDir:       getenv("DATA_DIR"),
		LogFormat:     getenv("LOG_FORMAT"),
		LogLevel:      getenv("LOG_LEVEL"),
		Port:          8080,
		Limits:        accounts.DefaultLimits,
		DomainRecheck: 24 * time.Hour,
		Jobs: jobs.Config{Workers: jobs.DefaultWorkers, StopTimeout: jobs.DefaultStopTimeout,
			Queues: map[string]int{webhooks.Queue: webhooks.DefaultWorkers}},
		Webhooks: webhooks.DefaultConfig(),
	}
	var err error
	if c.DevMode, err = parseBool(getenv, "DEV_MODE"); err != nil {
		return c, err
	}
	if c.TrustProxy, err = parseBool(getenv, "TRUST_PROXY"); err != nil {
		return c, err
	}
	if c.Webhooks.AllowPrivate, err = parseBool(getenv, "WEBHOOKS_ALLOW_PRIVATE"); err != nil {
		return c, err
	}
	for _, port := range []struct {
		name string
		to   *int
	}{{"PORT", &c.Port}, {"TRACKING_PORT", &c.TrackingPort}} {
		if p := getenv(port.name); p != "" {
			if *port.to, err = strconv.Atoi(p); err != nil || *port.to <= 0 || *port.to > 65535 {
				return c, fmt.Errorf("%s must be a port number, got %q", port.name, p)
			}
		}
	}
	if v := getenv("TRACKING_DOMAIN_RECHECK"); v != "" {
		if c.DomainRecheck, err = time.ParseDuration(v); err != nil || c.DomainRecheck < time.Minute {
			return c, fmt.Errorf("TRACKING_DOMAIN_RECHECK must be a duration of at least 1m, such as 24h, got %q", v)
		}
	}
	if v := getenv("SMTP_URL"); v != "" {
		m, err := mail.ParseURL(v, strings.TrimSpace(getenv("MAIL_FROM")))
		if err != nil {
			return c, err
		}
		c.Mail = &m
	}
	webhookWorkers := c.Jobs.Queues[webhooks.Queue]
	for _, n := range []struct {
		name string
		to   *int
	}{{"JOBS_WORKERS", &c.Jobs.Workers}, {"JOBS_WEBHOOK_WORKERS", &webhookWorkers}, {"JOBS_WEBHOOK_WORKERS_PER_BRAND", &c.Webhooks.Limits.Running}} {
		if err := parseInt(getenv, n.name, 1, 10000, n.to); err != nil {
			return c, err
		}
	}
	c.Jobs.Queues[webhooks.Queue] = webhookWorkers
	if v := getenv("JOBS_STOP_TIMEOUT"); v != "" {
		if c.Jobs.StopTimeout, err = time.ParseDuration(v); err != nil || c.Jobs.StopTimeout < time.Second {
			return c, fmt.Errorf("JOBS_STOP_TIMEOUT must be a duration of at least 1s, such as 30s, got %q", v)
		}
	}
	if err := parseInt(getenv, "CLICK_WRITERS", 1, clicks.MaxWriters, &c.ClickWriters); err != nil {
		return c, err
	}
	if c.IngestGroups, err = ingestGroups(getenv); err != nil {
		return c, err
	}
	if c.TrackingPort != 0 && c.TrackingPort == c.Port {
		return c, fmt.Errorf("TRACKING_PORT must differ from PORT (%d)", c.Port)
	}
	if c.DatabaseURL == "" {
		c.DatabaseURL = "postgres://postgres@127.0.0.1:5432/openaffiliate?sslmode=disable"
	}
	if c.PublicURL == "" {
		c.PublicURL = fmt.Sprintf("http://localhost:%d", c.Port)
	}
	if c.DataDir == "" {
		c.DataDir = "data"
	}
	if (c.HostEmail == "") != (c.HostPassword == "") {
		return c, errors.New("HOST_EMAIL and HOST_PASSWORD go together: set both or neither")
	}
	if s := getenv("JWT_SECRET"); s != "" {
		c.JWTSecret = []byte(s)
	} else if c.DevMode {
		if c.JWTSecret, err = devSecret(c.DataDir); err != nil {
			return c, err
		}
	} else {
		return c, errors.New("JWT_SECRET is required (at least 32 characters) unless DEV_MODE=true")
	}
	if len(c.JWTSecret) < 32 {
		return c, errors.New("JWT_SECRET must be at least 32 characters")
	}
	return c, nil
}

// ingestGroups reads how orders are grouped (Config.IngestGroups); what is unset keeps its default.
func ingestGroups(getenv func(string) string) (conversions.GroupOptions, error) {
	var o conversions.GroupOptions
	for _, n := range []struct {
		name     string
		to       *int
		min, max int
	}{{"INGEST_GROUP_SIZE", &o.Size, 1, 64}, {"INGEST_COMMITTERS", &o.Committers, 1, 32}} {
		if err := parseInt(getenv, n.name, n.min, n.max, n.to); err != nil {
			return o, err
		}
	}
	if v := getenv("INGEST_GROUP_WAIT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 || d > 100*time.Millisecond {
			return o, fmt.Errorf("INGEST_GROUP_WAIT must be a duration from 0 to 100ms, such as 1ms, got %q", v)
		}
		o.Wait = d
	}
	return o, nil
}

// parseInt sets *to from the variable name when it is set: a whole number from min to max.
func parseInt(getenv func(string) string, name string, min, max int, to *int) error {
	v := getenv(name)
	if v == "" {
		return nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < min || n > max {
		return fmt.Errorf("%s must be a number from %d to %d, got %q", name, min, max, v)
	}
	*to = n
	return nil
}

func parseBool(getenv func(string) string, name string) (bool, error) {
	v := getenv(name)
	if v == "" {
		return false, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, fmt.Errorf("%s must be true or false, got %q", name, v)
	}
	return b, nil
}

// devSecret keeps a generated secret in the data folder, so dev sessions survive restarts.
func devSecret(dir string) ([]byte, error) {
	path := filepath.Join(dir, "jwt-secret")
	// G304 (file inclusion) does not apply: the folder is the operator's setting and the name is fixed.
	if b, err := os.ReadFile(path); err == nil && len(strings.TrimSpace(string(b))) >= 32 { //nolint:gosec // G304, as above
		return []byte(strings.TrimSpace(string(b))), nil
	}
	buf := make([]byte, 32)
	if _, err := rand.Read(buf); err != nil {
		return nil, err
	}
	secret := hex.EncodeToString(buf)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("create data folder: %w", err)
	}
	if err := os.WriteFile(path, []byte(secret+"\n"), 0o600); err != nil {
		return nil, fmt.Errorf("write dev JWT secret: %w", err)
	}
	return []byte(secret), nil
}
