package server

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/openaffiliate/platform/server/domain/webhooks"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestLoadConfigDefaults(t *testing.T) {
	c, err := LoadConfig(env(map[string]string{"JWT_SECRET": strings.Repeat("s", 32)}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Port != 8080 || c.TrackingPort != 0 || c.PublicURL != "http://localhost:8080" || c.DevMode || c.DatabaseURL == "" {
		t.Errorf("defaults: %+v", c)
	}
	if c.Jobs.Workers != 10 || c.Jobs.StopTimeout != 30*time.Second || c.Jobs.Queues[webhooks.Queue] != 10 || c.Webhooks.Limits.Running != 3 {
		t.Errorf("job defaults: %+v", c.Jobs)
	}
	if c.Webhooks.AllowPrivate || len(c.Webhooks.Backoff) != 7 || c.Webhooks.Timeout != 10*time.Second || c.Webhooks.RotationOverlap != 24*time.Hour {
		t.Errorf("webhook defaults: %+v", c.Webhooks)
	}
	if c.ClickWriters != 0 {
		t.Errorf("click writers: %d, want 0 (clicks.DefaultWriters)", c.ClickWriters)
	}
	c, err = LoadConfig(env(map[string]string{"JWT_SECRET": strings.Repeat("s", 32), "JOBS_WORKERS": "3", "JOBS_WEBHOOK_WORKERS": "4", "JOBS_WEBHOOK_WORKERS_PER_BRAND": "2", "JOBS_STOP_TIMEOUT": "2m", "WEBHOOKS_ALLOW_PRIVATE": "true", "CLICK_WRITERS": "6"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.ClickWriters != 6 {
		t.Errorf("CLICK_WRITERS=6 gave %d writers", c.ClickWriters)
	}
	if c.Jobs.Workers != 3 || c.Jobs.StopTimeout != 2*time.Minute || c.Jobs.Queues[webhooks.Queue] != 4 || c.Webhooks.Limits.Running != 2 {
		t.Errorf("jobs from the environment: %+v, per brand %d", c.Jobs, c.Webhooks.Limits.Running)
	}
	if !c.Webhooks.AllowPrivate {
		t.Error("WEBHOOKS_ALLOW_PRIVATE=true left private webhook targets refused")
	}
}

func TestLoadConfigRefusals(t *testing.T) {
	secret := strings.Repeat("s", 32)
	for name, vars := range map[string]map[string]string{
		"no secret outside dev mode": {},
		"short secret":               {"JWT_SECRET": "short"},
		"bad port":                   {"JWT_SECRET": secret, "PORT": "eighty"},
		"bad tracking port":          {"JWT_SECRET": secret, "TRACKING_PORT": "70000"},
		"tracking port on the main":  {"JWT_SECRET": secret, "PORT": "9000", "TRACKING_PORT": "9000"},
		"bad dev mode":               {"JWT_SECRET": secret, "DEV_MODE": "sometimes"},
		"host email alone":           {"JWT_SECRET": secret, "HOST_EMAIL": "ops@example.com"},
		"no job workers":             {"JWT_SECRET": secret, "JOBS_WORKERS": "0"},
		"no webhook workers":         {"JWT_SECRET": secret, "JOBS_WEBHOOK_WORKERS": "0"},
		"no webhook share":           {"JWT_SECRET": secret, "JOBS_WEBHOOK_WORKERS_PER_BRAND": "none"},
		"bad job stop timeout":       {"JWT_SECRET": secret, "JOBS_STOP_TIMEOUT": "soon"},
		"a group of 65 orders":       {"JWT_SECRET": secret, "INGEST_GROUP_SIZE": "65"},
		"no committer":               {"JWT_SECRET": secret, "INGEST_COMMITTERS": "0"},
		"a group wait of a second":   {"JWT_SECRET": secret, "INGEST_GROUP_WAIT": "1s"},
		"a group wait without unit":  {"JWT_SECRET": secret, "INGEST_GROUP_WAIT": "5"},
		"bad webhooks private":       {"JWT_SECRET": secret, "WEBHOOKS_ALLOW_PRIVATE": "maybe"},
		"no click writer":            {"JWT_SECRET": secret, "CLICK_WRITERS": "0"},
		"65 click writers":           {"JWT_SECRET": secret, "CLICK_WRITERS": "65"},
	} {
		if _, err := LoadConfig(env(vars)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestIngestGroupsFromTheEnvironment(t *testing.T) {
	c, err := LoadConfig(env(map[string]string{"JWT_SECRET": strings.Repeat("s", 32),
		"INGEST_GROUP_SIZE": "16", "INGEST_GROUP_WAIT": "2ms", "INGEST_COMMITTERS": "4"}))
	if err != nil {
		t.Fatal(err)
	}
	if g := c.IngestGroups; g.Size != 16 || g.Wait != 2*time.Millisecond || g.Committers != 4 {
		t.Errorf("ingest groups: %+v", g)
	}
}

func TestDevSecretIsKept(t *testing.T) {
	dir := t.TempDir()
	vars := map[string]string{"DEV_MODE": "true", "DATA_DIR": dir, "PUBLIC_URL": "https://aff.example.com/"}
	first, err := LoadConfig(env(vars))
	if err != nil {
		t.Fatal(err)
	}
	second, _ := LoadConfig(env(vars))
	if len(first.JWTSecret) < 32 || string(first.JWTSecret) != string(second.JWTSecret) {
		t.Error("the dev secret is not generated once and kept")
	}
	if info, err := os.Stat(filepath.Join(dir, "jwt-secret")); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("secret file: %v %v", info, err)
	}
	if first.PublicURL != "https://aff.example.com" {
		t.Errorf("PUBLIC_URL keeps its trailing slash: %q", first.PublicURL)
	}
}

func TestDemoAccountsOnlyInDevModeOnLoopback(t *testing.T) {
	for publicURL, want := range map[string]bool{
		"http://localhost:8080": true, "http://127.0.0.1:18080": true, "http://127.9.9.9": true,
		"http://[::1]:8080": true, "http://app.localhost:5173": true,
		"https://aff.example.com": false, "http://10.0.0.5:8080": false, "http://localhost.example.com": false,
		"http://0.0.0.0:8080": false, "http://[::ffff:10.0.0.1]": false,
	} {
		if got := (Config{DevMode: true, PublicURL: publicURL}).DemoAccountsAllowed(); got != want {
			t.Errorf("%s: allowed = %v, want %v", publicURL, got, want)
		}
		if (Config{PublicURL: publicURL}).DemoAccountsAllowed() {
			t.Errorf("%s: allowed outside dev mode", publicURL)
		}
	}
}
