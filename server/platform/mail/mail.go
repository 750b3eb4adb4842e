// Package mail sends one email message over SMTP (github.com/wneessen/go-mail), configured by an
// SMTP_URL such as smtp://user:pass@smtp.example.com:587?tls=starttls. What to send, and when,
// is the email domain's (server/domain/email); this package only speaks SMTP.
package mail

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// TLS modes of an SMTP_URL's tls parameter.
const (
	TLSNone     = "none"     // plain SMTP (a local catcher such as Mailpit)
	TLSStartTLS = "starttls" // STARTTLS required (the default)
	TLSImplicit = "tls"      // TLS from the first byte (SMTPS, usually port 465)
)

// Config is where and how to send: parsed from SMTP_URL, with the From address of MAIL_FROM.
type Config struct {
	Host     string
	Port     int
	TLS      string
	Username string
	Password string
	From     string
}

// ParseURL reads an SMTP_URL: smtp://[user[:pass]@]host[:port][?tls=none|starttls|tls]. The port
// defaults to 465 for tls, else 587; from is MAIL_FROM and is required.
func ParseURL(raw, from string) (Config, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "smtp" || u.Hostname() == "" {
		return Config{}, errors.New("SMTP_URL must look like smtp://user:pass@host:port?tls=starttls")
	}
	c := Config{Host: u.Hostname(), TLS: u.Query().Get("tls"), From: from}
	if c.TLS == "" {
		c.TLS = TLSStartTLS
	}
	switch c.TLS {
	case TLSNone, TLSStartTLS:
		c.Port = 587
	case TLSImplicit:
		c.Port = 465
	default:
		return Config{}, fmt.Errorf("SMTP_URL's tls must be none, starttls or tls, got %q", c.TLS)
	}
	if p := u.Port(); p != "" {
		if c.Port, err = strconv.Atoi(p); err != nil || c.Port < 1 || c.Port > 65535 {
			return Config{}, fmt.Errorf("SMTP_URL's port must be 1 to 65535, got %q", p)
		}
	}
	if u.User != nil {
		c.Username = u.User.Username()
		c.Password, _ = u.User.Password()
	}
	if from == "" {
		return Config{}, errors.New("MAIL_FROM is required with SMTP_URL (an address such as OpenAffiliate <no-reply@example.com>)")
	}
	if err := gomail.NewMsg().From(from); err != nil {
		return Config{}, fmt.Errorf("MAIL_FROM is not an address: %w", err)
	}
	return c, nil
}

// Message is one email: both an HTML and a plain-text body, and the one-click unsubscribe address
// (RFC 8058) when the mail is one a recipient may stop.
type Message struct {
	To          string
	Subject     string
	Text        string
	HTML        string
	Unsubscribe string // an https URL that unsubscribes with a POST; empty for mails one cannot stop
	MessageID   string // stable per event, so a resent mail is recognisably the same one
}

// Sender sends messages over SMTP.
type Sender struct {
	cfg Config
}

// NewSender makes a sender for cfg.
func NewSender(cfg Config) *Sender { return &Sender{cfg: cfg} }

// Send delivers one message, opening a connection for it.
func (s *Sender) Send(ctx context.Context, m Message) error {
	msg := gomail.NewMsg()
	if err := msg.From(s.cfg.From); err != nil {
		return fmt.Errorf("from: %w", err)
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("to: %w", err)
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	if m.MessageID != "" {
		msg.SetMessageIDWithValue(m.MessageID)
	} else {
		msg.SetMessageID()
	}
	if m.Unsubscribe != "" {
		msg.SetGenHeader(gomail.HeaderListUnsubscribe, "<"+m.Unsubscribe+">")
		msg.SetGenHeader(gomail.HeaderListUnsubscribePost, "List-Unsubscribe=One-Click")
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)

	opts := []gomail.Option{gomail.WithPort(s.cfg.Port), gomail.WithTimeout(30 * time.Second)}
	switch s.cfg.TLS {
	case TLSNone:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	case TLSImplicit:
		opts = append(opts, gomail.WithSSL())
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	}
	if s.cfg.Username != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(s.cfg.Username), gomail.WithPassword(s.cfg.Password))
	}
	client, err := gomail.NewClient(s.cfg.Host, opts...)
	if err != nil {
		return err
	}
	return client.DialAndSendWithContext(ctx, msg)
}
