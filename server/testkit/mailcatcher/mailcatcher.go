// Package mailcatcher runs a Mailpit (github.com/axllent/mailpit, installed into .tools/bin by
// scripts/mailpit.sh) for a test and reads the mail it caught through its REST API, so tests see
// what the platform's SMTP sender really delivered.
package mailcatcher

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
)

// Catcher is one running Mailpit.
type Catcher struct {
	SMTPURL string // smtp://127.0.0.1:PORT?tls=none, for SMTP_URL
	APIURL  string // http://127.0.0.1:PORT
}

// binary finds Mailpit: $MAILPIT, the project's .tools/bin/mailpit, or one on PATH.
func binary() string {
	if b := os.Getenv("MAILPIT"); b != "" {
		return b
	}
	_, file, _, _ := runtime.Caller(0)
	local := filepath.Join(filepath.Dir(file), "..", "..", "..", ".tools", "bin", "mailpit")
	if _, err := os.Stat(local); err == nil {
		return local
	}
	if b, err := exec.LookPath("mailpit"); err == nil {
		return b
	}
	return ""
}

func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = l.Close() }()
	return l.Addr().(*net.TCPAddr).Port
}

// Start runs a Mailpit on free ports, stopped when the test ends. Without the binary the test is
// skipped, saying how to install it (make test installs it through scripts/deps.sh).
func Start(t testing.TB) *Catcher {
	t.Helper()
	bin := binary()
	if bin == "" {
		t.Skip("mailpit is not installed: run scripts/mailpit.sh (make test does)")
	}
	smtpPort, httpPort := freePort(t), freePort(t)
	cmd := exec.Command(bin, //nolint:gosec // the project's own Mailpit (or $MAILPIT, set by whoever runs the tests)
		"--disable-version-check", "--quiet", "--database", filepath.Join(t.TempDir(), "mail.db"),
		"--smtp", fmt.Sprintf("127.0.0.1:%d", smtpPort), "--listen", fmt.Sprintf("127.0.0.1:%d", httpPort),
		"--smtp-auth-accept-any", "--smtp-auth-allow-insecure")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	c := &Catcher{SMTPURL: fmt.Sprintf("smtp://127.0.0.1:%d?tls=none", smtpPort), APIURL: fmt.Sprintf("http://127.0.0.1:%d", httpPort)}
	deadline := time.Now().Add(15 * time.Second)
	for {
		resp, err := http.Get(c.APIURL + "/api/v1/messages")
		if err == nil {
			_ = resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("mailpit did not start: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return c
}

// Message is one caught mail.
type Message struct {
	ID      string
	To      string
	Subject string
	Text    string
	HTML    string
	Headers map[string][]string
}

func (c *Catcher) get(t testing.TB, path string, out any) {
	t.Helper()
	resp, err := http.Get(c.APIURL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("mailpit %s: %s", path, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		t.Fatal(err)
	}
}

// Messages answers every caught mail to the address (all mail when to is empty), newest first.
func (c *Catcher) Messages(t testing.TB, to string) []Message {
	t.Helper()
	var list struct {
		Messages []struct {
			ID string
			To []struct{ Address string }
		}
	}
	c.get(t, "/api/v1/messages?limit=500", &list)
	var out []Message
	for _, m := range list.Messages {
		if to != "" && (len(m.To) == 0 || !strings.EqualFold(m.To[0].Address, to)) {
			continue
		}
		var full struct {
			ID, Subject, Text, HTML string
			To                      []struct{ Address string }
		}
		c.get(t, "/api/v1/message/"+m.ID, &full)
		msg := Message{ID: full.ID, Subject: full.Subject, Text: full.Text, HTML: full.HTML}
		if len(full.To) > 0 {
			msg.To = full.To[0].Address
		}
		c.get(t, "/api/v1/message/"+m.ID+"/headers", &msg.Headers)
		out = append(out, msg)
	}
	return out
}

// Wait waits up to 15 s for n mails to the address and answers them, newest first.
func (c *Catcher) Wait(t testing.TB, to string, n int) []Message {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		got := c.Messages(t, to)
		if len(got) >= n {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("mailpit: %d mails to %s after 15 s, want %d", len(got), to, n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

var linkPattern = regexp.MustCompile(`https?://[^\s"<>]+`)

// Link answers the first link of the plain-text body that contains part (such as "/reset-password?").
func (m Message) Link(t testing.TB, part string) string {
	t.Helper()
	for _, l := range linkPattern.FindAllString(m.Text, -1) {
		if strings.Contains(l, part) {
			return l
		}
	}
	t.Fatalf("mail %q has no link with %q:\n%s", m.Subject, part, m.Text)
	return ""
}
