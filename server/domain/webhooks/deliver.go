package webhooks

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/activity"
	"github.com/openaffiliate/platform/server/domain/notify"
	"github.com/openaffiliate/platform/server/platform/dbtx"
)

// Delivery statuses.
const (
	StatusPending   = "pending"
	StatusSucceeded = "succeeded"
	StatusFailed    = "failed"
)

// Attempt outcomes.
const (
	OutcomeSucceeded = "succeeded"
	OutcomeFailed    = "failed"
	OutcomeRefused   = "refused"
)

// Bounds of what an attempt reads and keeps of an answer.
const (
	maxResponseRead = 64 << 10
	excerptLength   = 500
)

// Deliverer is the worker of DeliverArgs: it sends a delivery once per attempt, logs the attempt,
// and after the last failed attempt gives the delivery up and disables its endpoint. It works in
// the deliveries' own queue (Queue), and at most Limits.Running deliveries of one brand at once.
type Deliverer struct {
	river.WorkerDefaults[DeliverArgs]
	s       *Service
	running Running
	client  *http.Client
}

// Running counts the jobs of the same kind and key that work ahead of one (jobs.Runner.Ahead).
type Running interface {
	Ahead(ctx context.Context, job *rivertype.JobRow, match any, window time.Duration) (int, error)
}

// NewDeliverer makes the worker; register it with jobs.Register. running counts a brand's
// deliveries at work, in every process.
func NewDeliverer(s *Service, running Running) *Deliverer {
	transport := &http.Transport{
		Proxy:                 nil, // never through a proxy: the dialer must see the address
		DialContext:           dialer(s.cfg.AllowPrivate).DialContext,
		TLSHandshakeTimeout:   5 * time.Second,
		ResponseHeaderTimeout: s.cfg.Timeout,
		MaxIdleConns:          20,
		IdleConnTimeout:       30 * time.Second,
		ForceAttemptHTTP2:     true,
	}
	return &Deliverer{s: s, running: running, client: &http.Client{
		Transport: transport,
		Timeout:   s.cfg.Timeout,
		// A redirect is an answer like any other: following it could reach an address the URL check never saw.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// Timeout: one attempt is bounded by the client's own time-out; this leaves room to log it.
func (w *Deliverer) Timeout(*river.Job[DeliverArgs]) time.Duration {
	return w.s.cfg.Timeout + 30*time.Second
}

// NextRetry follows the backoff schedule.
func (w *Deliverer) NextRetry(job *river.Job[DeliverArgs]) time.Time {
	b := w.s.cfg.Backoff
	if len(b) == 0 {
		return time.Now()
	}
	i := min(max(job.Attempt-1, 0), len(b)-1)
	return time.Now().Add(b[i])
}

// outcome is what one attempt came to.
type outcome struct {
	result   string
	code     *int32
	duration time.Duration
	excerpt  string
	err      string
}

// Work makes one attempt, or waits while the brand's other deliveries hold its share of the workers.
func (w *Deliverer) Work(ctx context.Context, job *river.Job[DeliverArgs]) error {
	if wait, err := w.busy(ctx, job); err != nil || wait > 0 {
		if err != nil {
			return err
		}
		return river.JobSnooze(wait)
	}
	q, pool := w.s.q, w.s.pool
	d, err := q.GetWebhookDelivery(ctx, pool, queries.GetWebhookDeliveryParams{BrandID: job.Args.BrandID, ID: job.Args.DeliveryID})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // its endpoint was deleted
	}
	if err != nil {
		return err
	}
	ep, err := q.GetWebhookEndpoint(ctx, pool, queries.GetWebhookEndpointParams{BrandID: d.BrandID, ID: d.EndpointID})
	if err != nil {
		return err
	}
	test := d.EventType == TestEvent
	if !ep.Enabled && !test {
		return nil // disabled since it was queued: the delivery stays pending, to resend
	}
	o := w.send(ctx, ep, d)
	last := o.result == OutcomeSucceeded || test || job.Attempt > len(w.s.cfg.Backoff)
	status := StatusPending
	switch {
	case o.result == OutcomeSucceeded:
		status = StatusSucceeded
	case last:
		status = StatusFailed
	}
	err = dbtx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := q.RecordWebhookAttempt(ctx, tx, queries.RecordWebhookAttemptParams{
			BrandID: d.BrandID, DeliveryID: d.ID, Outcome: o.result, ResponseCode: o.code, DurationMs: o.milliseconds(),
			Excerpt: o.excerpt, Error: o.err, AttemptedAt: w.s.now(), Status: status,
		}); err != nil {
			return err
		}
		if status == StatusFailed && !test {
			return w.disable(ctx, tx, ep)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if status == StatusPending {
		return fmt.Errorf("webhook delivery %s attempt %d: %s", d.ID, job.Attempt, describe(o))
	}
	return nil
}

// busy answers how long the job should wait because Limits.Running deliveries of its brand started
// before it and still work (in any process), or 0 when it may go: a brand with many slow
// endpoints holds at most that many of the queue's workers, and the others go on. Waiting is a
// snooze, which River does not count as an attempt; the wait is drawn between Wait and twice
// Wait, so the waiting deliveries do not all come back at once.
func (w *Deliverer) busy(ctx context.Context, job *river.Job[DeliverArgs]) (time.Duration, error) {
	l := w.s.cfg.Limits
	if l.Running <= 0 || w.running == nil {
		return 0, nil
	}
	ahead, err := w.running.Ahead(ctx, job.JobRow, map[string]string{"brand_id": job.Args.BrandID.String()}, w.Timeout(job))
	if err != nil || ahead < l.Running {
		return 0, err
	}
	wait := max(l.Wait, time.Millisecond)
	return wait + rand.N(wait), nil //nolint:gosec // G404: a spread of waits, not a secret
}

// milliseconds is the attempt's duration for the log (an attempt is bounded to seconds).
func (o outcome) milliseconds() int32 {
	ms := o.duration.Milliseconds()
	if ms < 0 || ms > math.MaxInt32 {
		return math.MaxInt32
	}
	return int32(ms)
}

func describe(o outcome) string {
	if o.code != nil {
		return fmt.Sprintf("answered %d", *o.code)
	}
	return o.err
}

// disable turns the endpoint off after a delivery failed for the whole retry window, and tells its brand.
func (w *Deliverer) disable(ctx context.Context, tx pgx.Tx, ep queries.WebhookEndpoint) error {
	n, err := w.s.q.DisableWebhookEndpoint(ctx, tx, queries.DisableWebhookEndpointParams{BrandID: ep.BrandID, ID: ep.ID, Reason: "failing", Now: w.s.now()})
	if err != nil || n == 0 {
		return err
	}
	slog.WarnContext(ctx, "webhook endpoint disabled after failed deliveries", "endpoint_id", ep.ID, "brand_id", ep.BrandID)
	if err := activity.Log(ctx, tx, uuid.Nil, activity.WebhookEndpointDisabled, ep.BrandID.String(), map[string]any{"endpoint_id": ep.ID, "url": ep.Url}); err != nil {
		return err
	}
	host := ep.Url
	if u, err := url.Parse(ep.Url); err == nil {
		host = u.Host
	}
	return notify.Send(ctx, tx, nil, notify.Notice{ // in the app only: email has no message for it yet
		BrandID: uuid.NullUUID{UUID: ep.BrandID, Valid: true}, Kind: notify.WebhookEndpointDisabled,
		Params: notify.Params{Hostname: host}, EntityType: "webhook_endpoint", EntityID: ep.ID.String(),
	})
}

// secrets are the endpoint's signing secrets now: the current one, and the previous one during
// its overlap.
func (w *Deliverer) secrets(ep queries.WebhookEndpoint) []string {
	out := []string{ep.Secret}
	if ep.PreviousSecret != nil && ep.PreviousSecretUntil != nil && ep.PreviousSecretUntil.After(w.s.now()) {
		out = append(out, *ep.PreviousSecret)
	}
	return out
}

// send posts the delivery's body, signed, and reads a bounded part of the answer.
func (w *Deliverer) send(ctx context.Context, ep queries.WebhookEndpoint, d queries.WebhookDelivery) outcome {
	body := []byte(d.Payload)
	ts := w.s.now().Unix()
	sig, err := Sign(w.secrets(ep), d.ID.String(), ts, body)
	if err != nil {
		slog.ErrorContext(ctx, "webhook delivery not signed", "endpoint_id", ep.ID, "err", err)
		return outcome{result: OutcomeFailed, err: errConnFailed}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ep.Url, bytes.NewReader(body))
	if err != nil {
		return outcome{result: OutcomeFailed, err: errConnFailed}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "OpenAffiliate-Webhooks/1.0")
	req.Header.Set("webhook-id", d.ID.String())
	req.Header.Set("webhook-timestamp", strconv.FormatInt(ts, 10))
	req.Header.Set("webhook-signature", sig)
	start := time.Now()
	resp, err := w.client.Do(req)
	if err != nil {
		// The log shows fixed words: Go's text names the address dialled and the resolver asked.
		slog.DebugContext(ctx, "webhook delivery got no answer", "endpoint_id", ep.ID, "err", err)
		o := outcome{result: OutcomeFailed, duration: time.Since(start), err: attemptError(err)}
		if refused(err) {
			o.result = OutcomeRefused
		}
		return o
	}
	defer func() { _ = resp.Body.Close() }()
	read, _ := io.ReadAll(io.LimitReader(resp.Body, maxResponseRead))
	o := outcome{result: OutcomeFailed, duration: time.Since(start), excerpt: shorten(string(read))}
	if code := resp.StatusCode; code >= 100 && code <= 999 { // Go's client answers only three-digit codes
		o.code = new(int32(code))
	}
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		o.result = OutcomeSucceeded
	}
	return o
}

// shorten keeps the start of a text, valid UTF-8 and without NUL bytes (PostgreSQL refuses them).
func shorten(s string) string {
	s = strings.ToValidUTF8(strings.ReplaceAll(s, "\x00", ""), "")
	if len(s) <= excerptLength {
		return s
	}
	cut := excerptLength
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}
