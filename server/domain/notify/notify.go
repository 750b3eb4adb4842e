// Package notify tells affiliates what happened to their applications, conversions and payouts,
// and brands what happened to their tracking domains: notifications are written in the transaction
// of the change they report, as a kind and its parameters, and read, marked read and (by
// affiliates) muted by kind through the API.
package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// Kinds of notification.
const (
	ApplicationApproved  = "application_approved"
	ApplicationRejected  = "application_rejected"
	ConversionsConfirmed = "conversions_confirmed"
	ConversionsRejected  = "conversions_rejected"
	ConversionReversed   = "conversion_reversed"
	PayoutCreated        = "payout_created"
	PayoutPaid           = "payout_paid"
	CampaignInvited      = "campaign_invited"
	// TrackingDomainUnverified is a brand's: its tracking domain's proof was gone at the daily check.
	TrackingDomainUnverified = "tracking_domain_unverified"
	// WebhookEndpointDisabled is a brand's: one of its webhook endpoints failed for a day and was
	// disabled (Params.Hostname is the endpoint's host).
	WebhookEndpointDisabled = "webhook_endpoint_disabled"
)

// Kinds are every kind, in the order the settings show them.
// (A brand's kind is listed last: an affiliate may mute it, which changes nothing.)
var Kinds = []string{CampaignInvited, ApplicationApproved, ApplicationRejected, ConversionsConfirmed, ConversionsRejected, ConversionReversed, PayoutCreated, PayoutPaid, TrackingDomainUnverified, WebhookEndpointDisabled}

// Params are what a notification's text is made of; empty ones are left out.
type Params struct {
	CampaignName string `json:"campaign_name,omitempty"`
	BrandName    string `json:"brand_name,omitempty"`
	OrderID      string `json:"order_id,omitempty"`
	Count        int    `json:"count,omitempty"`
	Amount       string `json:"amount,omitempty"`
	Currency     string `json:"currency,omitempty"`
	Reference    string `json:"reference,omitempty"`
	Hostname     string `json:"hostname,omitempty"`
}

// Notice is one notification to write: to an affiliate, or (AffiliateID nil) to the brand in BrandID.
type Notice struct {
	AffiliateID uuid.UUID
	BrandID     uuid.NullUUID
	Kind        string
	Params      Params
	EntityType  string
	EntityID    string
}

// Mailer queues the email of a notification in the transaction that wrote it
// (server/domain/email); a nil Mailer, or a nil *email.Service, is email off.
type Mailer interface {
	MailNotice(ctx context.Context, tx pgx.Tx, id uuid.UUID, n Notice) error
}

// Send writes a notification in db (the transaction of the change it reports): an affiliate's,
// unless the affiliate muted the kind, or a brand's; and, when mail is given, queues its email in
// the same transaction (db must then be a pgx.Tx).
func Send(ctx context.Context, db dbtx.DB, mail Mailer, n Notice) error {
	params, err := json.Marshal(n.Params)
	if err != nil {
		return err
	}
	var id uuid.UUID
	var stored []byte
	if n.AffiliateID == uuid.Nil {
		rows, err := queries.New().NotifyBrand(ctx, db, queries.NotifyBrandParams{
			BrandID: n.BrandID.UUID, Kind: n.Kind, Params: params, EntityType: n.EntityType, EntityID: n.EntityID,
		})
		if err != nil || len(rows) == 0 {
			return err
		}
		id, stored = rows[0].ID, rows[0].Params
	} else {
		rows, err := queries.New().Notify(ctx, db, queries.NotifyParams{
			AffiliateID: n.AffiliateID, BrandID: n.BrandID, Kind: n.Kind, Params: params,
			EntityType: n.EntityType, EntityID: n.EntityID,
		})
		if err != nil || len(rows) == 0 {
			return err // none: the affiliate muted the kind, which stops its mail too
		}
		id, stored = rows[0].ID, rows[0].Params
	}
	if mail == nil {
		return nil
	}
	tx, ok := db.(pgx.Tx)
	if !ok {
		return errors.New("notify: a notification with mail is written in a transaction")
	}
	// The stored parameters hold the brand's name the query joined.
	if err := json.Unmarshal(stored, &n.Params); err != nil {
		return err
	}
	return mail.MailNotice(ctx, tx, id, n)
}

// Notification is one notification as its affiliate or brand reads it.
type Notification struct {
	ID         uuid.UUID
	Kind       string
	Params     Params
	EntityType string
	EntityID   string
	ReadAt     *time.Time
	CreatedAt  time.Time
}

// Service reads notifications for the affiliate or brand of the scope, and an affiliate's settings.
type Service struct {
	pool *pgxpool.Pool
	q    *queries.Queries
}

// New makes the service.
func New(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool, q: queries.New()}
}

// MaxMarked is how many notifications one call marks read by id.
const MaxMarked = 500

// recipient is whose notifications a scope reads: an affiliate's, or a brand's (the other is nil).
type recipient struct{ affiliate, brand uuid.UUID }

func recipientOf(sc tenancy.Scope) (recipient, error) {
	if id, ok := sc.AffiliateID(); ok {
		return recipient{affiliate: id}, nil
	}
	if id, ok := sc.BrandID(); ok {
		return recipient{brand: id}, nil
	}
	return recipient{}, apierror.Forbidden("Notifications are an affiliate's or a brand's")
}

func ownAffiliate(sc tenancy.Scope) (uuid.UUID, error) {
	id, ok := sc.AffiliateID()
	if !ok {
		return uuid.Nil, apierror.Forbidden("Notifications are an affiliate's")
	}
	return id, nil
}

// List answers a page of the scope's notifications, newest first, with how many match and how
// many are unread.
func (s *Service) List(ctx context.Context, sc tenancy.Scope, unreadOnly bool, limit, offset int32) ([]Notification, int, int, error) {
	to, err := recipientOf(sc)
	if err != nil {
		return nil, 0, 0, err
	}
	rows, err := s.q.ListNotifications(ctx, s.pool, queries.ListNotificationsParams{
		AffiliateID: to.affiliate, BrandRecipient: to.brand, UnreadOnly: unreadOnly, MaxRows: limit, SkipRows: offset,
	})
	if err != nil {
		return nil, 0, 0, err
	}
	var total int64
	if len(rows) > 0 {
		total = rows[0].Total
	} else if offset > 0 {
		// Past the last page: count them all the same.
		n, err := s.q.CountNotifications(ctx, s.pool, queries.CountNotificationsParams{AffiliateID: to.affiliate, BrandRecipient: to.brand, UnreadOnly: unreadOnly})
		if err != nil {
			return nil, 0, 0, err
		}
		total = int64(n)
	}
	unread, err := s.q.CountUnreadNotifications(ctx, s.pool, queries.CountUnreadNotificationsParams{AffiliateID: to.affiliate, BrandRecipient: to.brand})
	if err != nil {
		return nil, 0, 0, err
	}
	out := make([]Notification, len(rows))
	for i, r := range rows {
		n := Notification{ID: r.ID, Kind: r.Kind, EntityType: r.EntityType, EntityID: r.EntityID, ReadAt: r.ReadAt, CreatedAt: r.CreatedAt}
		if err := json.Unmarshal(r.Params, &n.Params); err != nil {
			return nil, 0, 0, fmt.Errorf("notification %s: %w", r.ID, err)
		}
		out[i] = n
	}
	return out, int(total), int(unread), nil
}

// MarkRead marks the scope's notifications read: the ones named, or all of them. An id that is not
// the scope's answers 404 and nothing is marked. It answers how many are still unread.
func (s *Service) MarkRead(ctx context.Context, sc tenancy.Scope, ids []uuid.UUID, all bool) (int, error) {
	to, err := recipientOf(sc)
	if err != nil {
		return 0, err
	}
	if !all && len(ids) == 0 {
		return 0, apierror.Invalid("ids", "required", "Name the notifications to mark read, or mark all")
	}
	if len(ids) > MaxMarked {
		return 0, apierror.Invalid("ids", "maxItems", fmt.Sprintf("Mark at most %d notifications at once", MaxMarked))
	}
	var unread int32
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if len(ids) > 0 {
			distinct := slices.Compact(slices.SortedFunc(slices.Values(ids), func(a, b uuid.UUID) int { return bytes.Compare(a[:], b[:]) }))
			own, err := s.q.CountOwnNotifications(ctx, tx, queries.CountOwnNotificationsParams{AffiliateID: to.affiliate, BrandRecipient: to.brand, Ids: distinct})
			if err != nil {
				return err
			}
			if int(own) != len(distinct) {
				return apierror.NotFound("Notification not found")
			}
		}
		if err := s.q.MarkNotificationsRead(ctx, tx, queries.MarkNotificationsReadParams{AffiliateID: to.affiliate, BrandRecipient: to.brand, Every: all, Ids: ids}); err != nil {
			return err
		}
		unread, err = s.q.CountUnreadNotifications(ctx, tx, queries.CountUnreadNotificationsParams{AffiliateID: to.affiliate, BrandRecipient: to.brand})
		return err
	})
	return int(unread), err
}

// Muted answers the kinds the scope's affiliate does not want.
func (s *Service) Muted(ctx context.Context, sc tenancy.Scope) ([]string, error) {
	affiliate, err := ownAffiliate(sc)
	if err != nil {
		return nil, err
	}
	muted, err := s.q.GetNotificationPreferences(ctx, s.pool, affiliate)
	if errors.Is(err, pgx.ErrNoRows) {
		return []string{}, nil
	}
	return muted, err
}

// SetMuted sets the kinds the scope's affiliate does not want.
func (s *Service) SetMuted(ctx context.Context, sc tenancy.Scope, muted []string) ([]string, error) {
	affiliate, err := ownAffiliate(sc)
	if err != nil {
		return nil, err
	}
	kinds := []string{}
	for i, k := range muted {
		if !slices.Contains(Kinds, k) {
			return nil, apierror.Invalid(fmt.Sprintf("muted.%d", i), "enum", "Unknown notification kind "+k)
		}
		if !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	return kinds, s.q.SetNotificationPreferences(ctx, s.pool, queries.SetNotificationPreferencesParams{AffiliateID: affiliate, Muted: kinds})
}
