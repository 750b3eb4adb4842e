package servertest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/openaffiliate/platform/gen/spec"
	"github.com/openaffiliate/platform/server"
)

// Env is a running server on a package's own database.
type Env struct {
	App       *server.App
	URL       string
	DNS       *FakeDNS // what the server's lookups of tracking domains find
	router    routers.Router
	srv       *httptest.Server
	closeOnce sync.Once
}

var (
	shared *Env
	envErr error
)

// Main runs a package's tests with one server on a fresh database, dropped afterwards.
// Call it from TestMain: `func TestMain(m *testing.M) { servertest.Main(m, "accounts") }`.
func Main(m *testing.M, prefix string) {
	serveIfProcess()
	ctx := context.Background()
	// Request logs drown test output; warnings and errors still show.
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	dbURL, drop, err := CreateDatabase(ctx, prefix)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	shared, envErr = start(ctx, dbURL, nil, func(cfg *server.Config) {
		// Every test calls from 127.0.0.1: limits per address are tested on servers of their own (Start).
		cfg.Limits.LoginPerIP, cfg.Limits.SignupPerIP, cfg.Limits.ResetPerIP = 1_000_000, 1_000_000, 1_000_000
	})
	code := m.Run()
	if shared != nil {
		shared.Close()
	}
	drop()
	os.Exit(code)
}

// Start runs a server of the test's own, stopped when the test ends: on a fresh database when
// dbURL is empty (dropped at the end), with the shared server's environment changed by env and
// its configuration by configure (either may be nil). Start two in turn on one database to test
// what a restart with another configuration does.
func Start(t testing.TB, dbURL string, env map[string]string, configure func(*server.Config)) *Env {
	t.Helper()
	ctx := context.Background()
	if dbURL == "" {
		url, drop, err := CreateDatabase(ctx, "own")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(drop)
		dbURL = url
	}
	e, err := start(ctx, dbURL, env, configure)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return e
}

// Close stops a server made by Start; later calls do nothing.
func (e *Env) Close() {
	e.closeOnce.Do(func() {
		e.srv.Close()
		e.App.Close()
	})
}

// DatabaseURL answers the URL of the server's database.
func (e *Env) DatabaseURL() string { return e.App.Config.DatabaseURL }

func start(ctx context.Context, dbURL string, env map[string]string, configure func(*server.Config)) (*Env, error) {
	cfg, err := server.LoadConfig(func(name string) string {
		if v, ok := env[name]; ok {
			return v
		}
		switch name {
		case "DATABASE_URL":
			return dbURL
		case "JWT_SECRET":
			return "test-secret-test-secret-test-secret-0123"
		case "HOST_EMAIL":
			return HostEmail
		case "HOST_PASSWORD":
			return HostPassword
		case "PUBLIC_URL":
			return "http://affiliate.test"
		}
		return ""
	})
	if err != nil {
		return nil, err
	}
	dns := NewFakeDNS()
	cfg.Resolver = dns
	if configure != nil {
		configure(&cfg)
	}
	app, err := server.NewApp(ctx, cfg, nil)
	if err != nil {
		return nil, err
	}
	doc, err := openapi3.NewLoader().LoadFromData(spec.YAML)
	if err != nil {
		return nil, err
	}
	if err := doc.Validate(ctx); err != nil {
		return nil, fmt.Errorf("openapi.yaml is invalid: %w", err)
	}
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		return nil, err
	}
	srv := httptest.NewServer(app.HTTP)
	return &Env{App: app, URL: srv.URL, DNS: dns, router: router, srv: srv}, nil
}

// The first host, created from HOST_EMAIL and HOST_PASSWORD at start-up.
const (
	HostEmail    = "host@affiliate.test"
	HostPassword = "host-password-1"
)

// Get returns the package's server; the test fails if it could not start.
func Get(t testing.TB) *Env {
	t.Helper()
	if envErr != nil || shared == nil {
		t.Fatalf("servertest: server did not start (is TestMain calling servertest.Main?): %v", envErr)
	}
	return shared
}

// Response is an answer that passed contract validation.
type Response struct {
	Status int
	Header http.Header
	Body   map[string]any
	Raw    []byte
}

// Call sends a JSON request to an /api/v1 path and checks the response against openapi.yaml.
// token may be empty; body may be nil, a string (sent as is) or any value (sent as JSON).
func (e *Env) Call(t testing.TB, method, path, token string, body any) Response {
	t.Helper()
	return e.CallWithHeaders(t, method, path, token, nil, body)
}

// CallWithHeaders is Call with more request headers, such as Idempotency-Key.
func (e *Env) CallWithHeaders(t testing.TB, method, path, token string, header http.Header, body any) Response {
	t.Helper()
	header = header.Clone()
	if header == nil {
		header = http.Header{}
	}
	if token != "" {
		header.Set("Authorization", "Bearer "+token)
	}
	return e.call(t, method, path, header, body)
}

// CallWithHeader sends a request without a body with one credential header, such as X-API-Key
// (an Authorization value gets its Bearer prefix added).
func (e *Env) CallWithHeader(t testing.TB, method, path, header, value string) Response {
	t.Helper()
	if header == "Authorization" {
		value = "Bearer " + value
	}
	return e.call(t, method, path, http.Header{header: {value}}, nil)
}

func (e *Env) call(t testing.TB, method, path string, header http.Header, body any) Response {
	t.Helper()
	var raw []byte
	switch b := body.(type) {
	case nil:
	case string:
		raw = []byte(b)
	default:
		var err error
		if raw, err = json.Marshal(b); err != nil {
			t.Fatal(err)
		}
	}
	if raw != nil && header.Get("Content-Type") == "" {
		header.Set("Content-Type", "application/json")
	}
	return e.Send(t, method, path, header, raw)
}

// Send sends raw bytes (nil for no body) with the given headers to an /api/v1 path, which may
// carry a query string, and checks the response against openapi.yaml.
func (e *Env) Send(t testing.TB, method, path string, header http.Header, raw []byte) Response {
	t.Helper()
	var reader io.Reader
	if raw != nil {
		reader = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, e.URL+server.APIBase+path, reader)
	if err != nil {
		t.Fatal(err)
	}
	for name, values := range header {
		for _, v := range values {
			req.Header.Add(name, v)
		}
	}
	client := &http.Client{Timeout: 30 * time.Second}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }() // read to the end below, which reports any error
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return e.answer(t, req, raw, resp, out)
}

// CallFrom is Call from a connection whose own address is remoteAddr ("203.0.113.7:5000"): the
// request is handed to the server's handler in the test's process, as a listener would hand it.
func (e *Env) CallFrom(t testing.TB, remoteAddr, method, path string, header http.Header, body any) Response {
	t.Helper()
	raw, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(method, e.URL+server.APIBase+path, bytes.NewReader(raw))
	req.RemoteAddr = remoteAddr
	for name, values := range header {
		req.Header[name] = values
	}
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	e.App.HTTP.ServeHTTP(rec, req)
	resp := rec.Result()
	out := rec.Body.Bytes()
	return e.answer(t, req, raw, resp, out)
}

// answer checks a response against the contract and reads its JSON body.
func (e *Env) answer(t testing.TB, req *http.Request, raw []byte, resp *http.Response, out []byte) Response {
	t.Helper()
	e.checkContract(t, req, raw, resp, out)
	r := Response{Status: resp.StatusCode, Header: resp.Header, Raw: out}
	if len(out) > 0 && strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(out, &r.Body); err != nil {
			t.Fatalf("%s %s: response is not a JSON object: %v\n%s", req.Method, req.URL.Path, err, out)
		}
	}
	return r
}

// checkContract fails the test when the response is not what openapi.yaml says this operation answers.
func (e *Env) checkContract(t testing.TB, req *http.Request, reqBody []byte, resp *http.Response, body []byte) {
	t.Helper()
	vreq := req.Clone(context.Background())
	if reqBody != nil {
		vreq.Body = io.NopCloser(bytes.NewReader(reqBody))
	}
	route, params, err := e.router.FindRoute(vreq)
	if err != nil {
		if resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusMethodNotAllowed {
			return // a path the contract does not have: only the envelope can be checked
		}
		t.Errorf("contract: %s %s is not in openapi.yaml: %v", req.Method, req.URL.Path, err)
		return
	}
	input := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: vreq, PathParams: params, Route: route},
		Status:                 resp.StatusCode,
		Header:                 resp.Header,
		Options:                &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	input.SetBodyBytes(body)
	if err := openapi3filter.ValidateResponse(context.Background(), input); err != nil {
		t.Errorf("contract: %s %s answered %d, which openapi.yaml does not allow: %v\nbody: %s",
			req.Method, req.URL.Path, resp.StatusCode, err, body)
	}
	validated.Add(1)
}

// FreePort answers a TCP port nothing listens on now.
func FreePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	return port
}

// WaitHealthy waits up to ten seconds for a server's health check to answer 200.
func WaitHealthy(t testing.TB, base string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := http.Get(base + server.APIBase + "/system/health")
		if err == nil {
			_ = resp.Body.Close() // only the status matters
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s did not become healthy", base)
}
