package server

import (
	"context"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
)

// A request whose line and headers pass MaxHeaderBytes is refused before any handler runs.
func TestHTTPServerRefusesHugeHeaders(t *testing.T) {
	var handled atomic.Int32
	srv := NewHTTPServer("", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { handled.Add(1) }), context.Background())
	if srv.ReadHeaderTimeout <= 0 || srv.ReadHeaderTimeout > srv.ReadTimeout {
		t.Errorf("ReadHeaderTimeout %v", srv.ReadHeaderTimeout)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(ln) }() // ends with ErrServerClosed when the test closes it
	defer func() { _ = srv.Close() }()
	base := "http://" + ln.Addr().String()
	resp, err := http.Get(base + "/r/" + strings.Repeat("a", 2*MaxHeaderBytes))
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close() // only the status is read
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge || handled.Load() != 0 {
		t.Errorf("a %d kB request line: %d, handled %d times", 2*MaxHeaderBytes>>10, resp.StatusCode, handled.Load())
	}
	if resp, err = http.Get(base + "/r/abcdefgh"); err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close() // only the status is read
	if resp.StatusCode != http.StatusOK {
		t.Errorf("a short request: %d", resp.StatusCode)
	}
}

// Dev mode listens on the loopback interface only, for the main port and the tracking port alike:
// its demo accounts' password is public. Outside dev mode the port is open on every interface.
func TestDevModeListensOnLoopbackOnly(t *testing.T) {
	probe, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := probe.Addr().(*net.TCPAddr).Port
	_ = probe.Close()
	ls, err := listen(true, port)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		if ip := l.Addr().(*net.TCPAddr).IP; !ip.IsLoopback() {
			t.Errorf("dev mode listens on %v", l.Addr())
		}
		_ = l.Close()
	}
	ls, err = listen(false, port)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		if ip := l.Addr().(*net.TCPAddr).IP; !ip.IsUnspecified() {
			t.Errorf("outside dev mode listens on %v, want every interface", l.Addr())
		}
		_ = l.Close()
	}
}
