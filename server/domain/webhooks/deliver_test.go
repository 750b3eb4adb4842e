package webhooks

import (
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// An attempt that got no answer is logged in a few fixed words: never the address the name
// resolved to, nor the resolver's (Go's own error texts hold both).
func TestAttemptErrorsHoldNoAddress(t *testing.T) {
	ok := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	defer ok.Close()
	slow := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { time.Sleep(time.Second) }))
	defer slow.Close()
	untrusted := httptest.NewTLSServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	defer untrusted.Close()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + l.Addr().String() + "/hook"
	_ = l.Close()

	guarded := NewDeliverer(&Service{cfg: Config{Timeout: 300 * time.Millisecond}}, nil)
	open := NewDeliverer(&Service{cfg: Config{AllowPrivate: true, Timeout: 300 * time.Millisecond}}, nil)
	for _, c := range []struct {
		w         *Deliverer
		url, want string
	}{
		{guarded, ok.URL, errAddressNotAllowed},
		{guarded, "https://[::ffff:127.0.0.1]:1/hook", errAddressNotAllowed},
		{open, "http://nowhere.invalid/hook", errNameNotResolved},
		{open, closed, errConnRefused},
		{open, slow.URL, errTimedOut},
		{open, untrusted.URL, errTLS},
	} {
		resp, err := c.w.client.Post(c.url, "application/json", strings.NewReader("{}"))
		if err == nil {
			_ = resp.Body.Close()
			t.Errorf("%s: answered %d, want an error", c.url, resp.StatusCode)
			continue
		}
		if got := attemptError(err); got != c.want {
			t.Errorf("%s: %q (from %v), want %q", c.url, got, err, c.want)
		}
	}
}
