package email

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/notify"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/written"
)

// mailed are the notification kinds sent by mail one by one, and the app page each mail opens
// (conversions_confirmed goes into the daily digest instead).
var mailed = map[string]string{
	notify.ApplicationApproved:      "/offers",
	notify.ApplicationRejected:      "/offers",
	notify.CampaignInvited:          "/offers",
	notify.PayoutCreated:            "/payouts",
	notify.PayoutPaid:               "/payouts",
	notify.TrackingDomainUnverified: "/integration",
}

var _ notify.Mailer = (*Service)(nil)

// MailNotice queues the mail of notification id, in tx: to each of its affiliate's (or brand's)
// users who confirmed their address and did not unsubscribe from the kind. Nothing when email is off.
func (s *Service) MailNotice(ctx context.Context, tx pgx.Tx, id uuid.UUID, n notify.Notice) error {
	path, ok := mailed[n.Kind]
	if !s.Enabled() || !ok {
		return nil
	}
	var to []Recipient
	if n.AffiliateID != uuid.Nil {
		rows, err := s.q.ListAffiliateEmailRecipients(ctx, tx, queries.ListAffiliateEmailRecipientsParams{AffiliateID: n.AffiliateID, Kind: n.Kind})
		if err != nil {
			return err
		}
		for _, r := range rows {
			to = append(to, Recipient{ID: r.ID, Email: r.Email, FirstName: r.FirstName, Language: r.Language})
		}
	} else {
		rows, err := s.q.ListBrandEmailRecipients(ctx, tx, queries.ListBrandEmailRecipientsParams{BrandID: n.BrandID.UUID, Kind: n.Kind})
		if err != nil {
			return err
		}
		for _, r := range rows {
			to = append(to, Recipient{ID: r.ID, Email: r.Email, FirstName: r.FirstName, Language: r.Language})
		}
	}
	p := n.Params
	data := map[string]string{
		"brand": p.BrandName, "campaign": p.CampaignName, "money": money(p.Amount, p.Currency),
		"reference": p.Reference, "hostname": p.Hostname,
	}
	for _, r := range to {
		data["name"] = r.FirstName
		err := s.queue(ctx, tx, SendArgs{
			Key: "notice:" + id.String() + ":" + r.ID.String(), UserID: r.ID, To: r.Email, Lang: r.Language,
			Template: n.Kind, Data: data, Path: path, Stoppable: true,
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// DigestArgs: queue the daily digest of the commissions confirmed on Day (YYYY-MM-DD, UTC); empty
// is yesterday. The periodic job runs every hour so that a missed hour catches up; each
// affiliate user's digest of a day is one event, queued once.
type DigestArgs struct {
	Day string `json:"day,omitempty"`
}

// Kind names the job.
func (DigestArgs) Kind() string { return "email.commission_digest" }

// InsertOpts: tried a few times; the next hour's run also catches up.
func (DigestArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 5} }

// DigestWorker queues the digests.
type DigestWorker struct {
	river.WorkerDefaults[DigestArgs]
	Service *Service
	Now     func() time.Time
}

// Work queues the day's digests.
func (w *DigestWorker) Work(ctx context.Context, job *river.Job[DigestArgs]) error {
	day := w.Now().UTC().AddDate(0, 0, -1)
	if job.Args.Day != "" {
		d, err := time.Parse(time.DateOnly, job.Args.Day)
		if err != nil {
			return river.JobCancel(fmt.Errorf("digest day: %w", err))
		}
		day = d
	}
	return w.Service.QueueDigest(ctx, day)
}

// QueueDigest queues, for each affiliate with commissions confirmed on day (UTC), one mail per
// user listing them by brand and currency. A digest already queued for the day is not queued again.
func (s *Service) QueueDigest(ctx context.Context, day time.Time) error {
	if !s.Enabled() {
		return nil
	}
	start := time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, time.UTC)
	rows, err := s.q.ListConfirmedCommissionDigest(ctx, s.pool, queries.ListConfirmedCommissionDigestParams{DayStart: start, DayEnd: start.AddDate(0, 0, 1)})
	if err != nil {
		return err
	}
	byAffiliate := map[uuid.UUID][]queries.ListConfirmedCommissionDigestRow{}
	var order []uuid.UUID
	for _, r := range rows {
		a := r.AffiliateID.UUID
		if _, seen := byAffiliate[a]; !seen {
			order = append(order, a)
		}
		byAffiliate[a] = append(byAffiliate[a], r)
	}
	dayText := start.Format(time.DateOnly)
	for _, a := range order {
		err := dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			to, err := s.q.ListAffiliateEmailRecipients(ctx, tx, queries.ListAffiliateEmailRecipientsParams{AffiliateID: a, Kind: CommissionDigest})
			if err != nil {
				return err
			}
			for _, r := range to {
				err := s.queue(ctx, tx, SendArgs{
					Key: "digest:" + dayText + ":" + r.ID.String(), UserID: r.ID, To: r.Email, Lang: r.Language, Template: CommissionDigest,
					Data: map[string]string{"name": r.FirstName, "day": written.Day(start, r.Language), "summary": digestSummary(r.Language, byAffiliate[a])},
					Path: "/conversions", Stoppable: true,
				})
				if err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// digestSummary is one line per brand and currency.
func digestSummary(lang string, rows []queries.ListConfirmedCommissionDigestRow) string {
	lines := make([]string, len(rows))
	for i, r := range rows {
		if lang == "en" {
			noun := "conversions"
			if r.Conversions == 1 {
				noun = "conversion"
			}
			lines[i] = fmt.Sprintf("• %s: %d %s, %s commission", r.BrandName, r.Conversions, noun, written.Money(r.Commission, r.Currency))
		} else {
			lines[i] = fmt.Sprintf("• %s: %s, comision %s", r.BrandName, conversiiRo(r.Conversions), written.Money(r.Commission, r.Currency))
		}
	}
	return strings.Join(lines, "\n")
}

// money is a notice's amount as the interface writes it (written.Money); an amount that does not
// read as a decimal is shown as it came.
func money(text, currency string) string {
	d, err := decimal.NewFromString(text)
	if err != nil {
		return strings.TrimSpace(text + " " + currency)
	}
	return written.Money(d, currency)
}

// conversiiRo counts conversions the Romanian way: 1 conversie, 2-19 conversii, 20+ de conversii.
func conversiiRo(n int64) string {
	switch {
	case n == 1:
		return "o conversie"
	case n%100 == 0 || n%100 >= 20:
		return fmt.Sprintf("%d de conversii", n)
	default:
		return fmt.Sprintf("%d conversii", n)
	}
}
