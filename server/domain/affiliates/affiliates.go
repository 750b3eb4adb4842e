// Package affiliates is the affiliates: their profiles with what they did so far, made by the host or
// at sign-up (InsertAffiliate, the one creator), changed and removed, with each caller's tenancy
// enforced on every query.
package affiliates

import (
	"time"

	"context"
	"errors"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/activity"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/change"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/emailaddress"
	"github.com/openaffiliate/platform/server/platform/paging"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// Service runs affiliate operations on one database.
type Service struct {
	pool    *pgxpool.Pool
	q       *queries.Queries
	changes *change.Bus
	emails  EmailChanges // nil: an email change brings nothing more
}

// New makes the service.
func New(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool, q: queries.New(), changes: change.Of(pool)}
}

// EmailChanges is what a user's address change brings (server/domain/accounts): AdmitEmailChange
// counts the confirmation mail to the new address before the change (429 past its limits), and
// EmailChanged, in the change's transaction, ends the user's reset links, mails the new address
// its confirmation link and the old one a notice.
type EmailChanges interface {
	AdmitEmailChange(ctx context.Context, userID uuid.UUID, address string) error
	EmailChanged(ctx context.Context, tx pgx.Tx, userID uuid.UUID, oldAddress string) error
}

// SetEmailChanges makes an affiliate's email change do what a user's address change brings.
func (s *Service) SetEmailChanges(c EmailChanges) { s.emails = c }

// Affiliate is an affiliate with its user (if any) and what it did so far.
type Affiliate struct {
	ID              uuid.UUID
	Name            string
	Email           string
	CreatedAt       time.Time
	UserID          uuid.NullUUID
	CampaignsJoined int
	TotalClicks     int // stored clicks from people (bots excluded) on its links
	// Its attributed conversions that were not rejected, how many of them a tracking link brought,
	// what they brought and earned (in RON, at the stored rates), the orders placed with its
	// discount codes (the sum of the codes' usage counts), and when the last one was placed.
	Conversions      int
	LinkConversions  int
	Revenue          decimal.Decimal
	Commission       decimal.Decimal
	CodesUsed        int
	LastConversionAt *time.Time
}

// affiliateRow is what ListAffiliates and GetAffiliate rows have in common.
type affiliateRow struct {
	affiliate                          queries.Affiliate
	userID                             uuid.NullUUID
	joined, clicks, conversions, codes int32
	linkConversions                    int32
	revenue, commission                decimal.Decimal
	lastConversion                     any // a timestamptz, or nil before the first conversion
}

// build is the one mapping from an affiliate's row to an Affiliate.
func (r affiliateRow) build() Affiliate {
	a := r.affiliate
	out := Affiliate{ID: a.ID, Name: a.Name, Email: a.Email, CreatedAt: a.CreatedAt,
		UserID: r.userID, CampaignsJoined: int(r.joined), TotalClicks: int(r.clicks),
		Conversions: int(r.conversions), LinkConversions: int(r.linkConversions), Revenue: r.revenue, Commission: r.commission, CodesUsed: int(r.codes)}
	if at, ok := r.lastConversion.(time.Time); ok {
		out.LastConversionAt = &at
	}
	return out
}

// ListAffiliates answers a page of affiliates: all for the host, those in its campaigns for a brand.
func (s *Service) ListAffiliates(ctx context.Context, sc tenancy.Scope, p paging.Page) ([]Affiliate, int, error) {
	rows, total, err := paging.Fetch(p, func(limit, offset int32) ([]queries.ListAffiliatesRow, error) {
		return s.q.ListAffiliates(ctx, s.pool, queries.ListAffiliatesParams{
			BrandID: sc.Brands(), Pattern: p.Pattern(), Sort: p.Sort, Descending: !p.Ascending, MaxRows: limit, SkipRows: offset,
		})
	}, func(r queries.ListAffiliatesRow) int64 { return r.Total })
	if err != nil {
		return nil, 0, err
	}
	out := make([]Affiliate, len(rows))
	for i, r := range rows {
		out[i] = affiliateRow{
			affiliate: queries.Affiliate{ID: r.ID, Name: r.Name, Email: r.Email, CreatedAt: r.CreatedAt},
			userID:    r.UserID, joined: r.CampaignsJoined, clicks: r.TotalClicks,
			conversions: r.Conversions, linkConversions: r.LinkConversions, codes: r.CodesUsed, revenue: r.Revenue, commission: r.Commission,
			lastConversion: r.LastConversionAt,
		}.build()
	}
	return out, total, nil
}

// GetAffiliate loads an affiliate the caller may see: the host any, a brand those in its
// campaigns, an affiliate itself.
func (s *Service) GetAffiliate(ctx context.Context, sc tenancy.Scope, id uuid.UUID) (Affiliate, error) {
	return s.getAffiliate(ctx, s.pool, sc, id)
}

// affiliateWithin is the brand an affiliate must work with for the caller to see it (none for the
// host and the affiliate itself), or the not-found error when the caller may not see it at all.
func affiliateWithin(sc tenancy.Scope, id uuid.UUID) (uuid.NullUUID, error) {
	if own := sc.OwnAffiliate(); sc.IsAffiliate() && own.UUID != id {
		return uuid.NullUUID{}, affiliateNotFound()
	}
	if sc.IsBrand() {
		return sc.OwnBrand(), nil
	} else if !sc.SeesAll() && !sc.IsAffiliate() {
		return uuid.NullUUID{}, affiliateNotFound()
	}
	return uuid.NullUUID{}, nil
}

// AffiliateName answers the name of an affiliate the caller may see, as GetAffiliate decides, without
// GetAffiliate's figures (which count every click and order of the affiliate).
func (s *Service) AffiliateName(ctx context.Context, sc tenancy.Scope, id uuid.UUID) (string, error) {
	brandID, err := affiliateWithin(sc, id)
	if err != nil {
		return "", err
	}
	name, err := s.q.GetVisibleAffiliateName(ctx, s.pool, queries.GetVisibleAffiliateNameParams{ID: id, BrandID: brandID})
	if errors.Is(err, pgx.ErrNoRows) {
		return "", affiliateNotFound()
	}
	return name, err
}

func (s *Service) getAffiliate(ctx context.Context, db queries.DBTX, sc tenancy.Scope, id uuid.UUID) (Affiliate, error) {
	brandID, err := affiliateWithin(sc, id)
	if err != nil {
		return Affiliate{}, err
	}
	r, err := s.q.GetAffiliate(ctx, db, queries.GetAffiliateParams{ID: id, BrandID: brandID})
	if errors.Is(err, pgx.ErrNoRows) {
		return Affiliate{}, affiliateNotFound()
	}
	if err != nil {
		return Affiliate{}, err
	}
	return affiliateRow{
		affiliate: queries.Affiliate{ID: r.ID, Name: r.Name, Email: r.Email, CreatedAt: r.CreatedAt},
		userID:    r.UserID, joined: r.CampaignsJoined, clicks: r.TotalClicks,
		conversions: r.Conversions, linkConversions: r.LinkConversions, codes: r.CodesUsed, revenue: r.Revenue, commission: r.Commission,
		lastConversion: r.LastConversionAt,
	}.build(), nil
}

func affiliateNotFound() error { return apierror.NotFound("Affiliate not found") }

// AffiliateByUser finds a user's affiliate profile; the host may ask for anyone, an affiliate for itself.
func (s *Service) AffiliateByUser(ctx context.Context, sc tenancy.Scope, userID uuid.UUID) (Affiliate, error) {
	if !sc.IsHost() && sc.Actor() != userID {
		return Affiliate{}, apierror.NotFound("No affiliate profile found")
	}
	id, err := s.q.GetAffiliateIDByUser(ctx, s.pool, userID)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && !id.Valid) {
		return Affiliate{}, apierror.NotFound("No affiliate profile found")
	}
	if err != nil {
		return Affiliate{}, err
	}
	return s.getAffiliate(ctx, s.pool, tenancy.System("the affiliate of a user the caller may see"), id.UUID)
}

func normalizeAffiliate(name, email string) (string, string, error) {
	name, email = strings.TrimSpace(name), strings.TrimSpace(email)
	if name == "" {
		return "", "", apierror.Validation("name", "Name is required")
	}
	if !emailaddress.Valid(email) {
		return "", "", apierror.Validation("email", "Enter a valid email address")
	}
	return name, email, nil
}

func emailConflict(err error) error {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return apierror.Conflict("email", "An affiliate or user with this email already exists")
	}
	return err
}

// CreateAffiliate creates an affiliate without a user (host only).
func (s *Service) CreateAffiliate(ctx context.Context, h tenancy.HostScope, name, email string) (Affiliate, error) {
	if err := h.Check(); err != nil {
		return Affiliate{}, err
	}
	name, email, err := normalizeAffiliate(name, email)
	if err != nil {
		return Affiliate{}, err
	}
	var out Affiliate
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		a, err := InsertAffiliate(ctx, tx, name, email)
		if err != nil {
			return emailConflict(err)
		}
		if err := activity.Log(ctx, tx, h.Actor(), activity.AffiliateCreated, a.ID.String(), map[string]any{"email": email}); err != nil {
			return err
		}
		out = a
		return nil
	})
	return out, err
}

// InsertAffiliate is the one creator of affiliate rows, for the host's "create affiliate" and an
// affiliate's sign-up, inside the caller's transaction; the caller checks the name and email,
// turns a taken email into its own answer and logs the activity.
func InsertAffiliate(ctx context.Context, db dbtx.DB, name, email string) (Affiliate, error) {
	a, err := queries.New().CreateAffiliate(ctx, db, queries.CreateAffiliateParams{Name: name, Email: email})
	if err != nil {
		return Affiliate{}, err
	}
	return affiliateRow{affiliate: a}.build(), nil
}

// UpdateAffiliate changes an affiliate's name and email (and its user's email with it). The email
// is the sign-in name and the payout email: a change runs confirmEmail first (the caller's current
// password), and stops at its refusal.
func (s *Service) UpdateAffiliate(ctx context.Context, sc tenancy.Scope, id uuid.UUID, name, email string,
	confirmEmail func(context.Context) error) (Affiliate, error) {
	current, err := s.GetAffiliate(ctx, sc, id)
	if err != nil {
		return Affiliate{}, err
	}
	name, email, err = normalizeAffiliate(name, email)
	if err != nil {
		return Affiliate{}, err
	}
	changed := !strings.EqualFold(current.Email, email)
	if changed {
		if err := confirmEmail(ctx); err != nil {
			return Affiliate{}, err
		}
		if current.UserID.Valid && s.emails != nil {
			if err := s.emails.AdmitEmailChange(ctx, current.UserID.UUID, email); err != nil {
				return Affiliate{}, err
			}
		}
	}
	var out Affiliate
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := s.q.UpdateAffiliate(ctx, tx, queries.UpdateAffiliateParams{ID: id, Name: name, Email: email}); err != nil {
			return emailConflict(err)
		}
		users, err := s.q.UpdateAffiliateUserEmail(ctx, tx, queries.UpdateAffiliateUserEmailParams{AffiliateID: uuid.NullUUID{UUID: id, Valid: true}, Email: email})
		if err != nil {
			return emailConflict(err)
		}
		for _, u := range users {
			if changed && s.emails != nil {
				if err := s.emails.EmailChanged(ctx, tx, u.ID, current.Email); err != nil {
					return err
				}
			}
		}
		if err := activity.Log(ctx, tx, sc.Actor(), activity.AffiliateUpdated, id.String(), map[string]any{"email": email}); err != nil {
			return err
		}
		out, err = s.getAffiliate(ctx, tx, tenancy.System("read back the affiliate just written"), id)
		return err
	})
	return out, err
}

// DeleteAffiliate removes an affiliate with its memberships and its user account (host only).
func (s *Service) DeleteAffiliate(ctx context.Context, h tenancy.HostScope, id uuid.UUID) error {
	if err := h.Check(); err != nil {
		return err
	}
	defer s.changes.Publish(ctx, change.Event{Kind: change.Campaigns}) // its memberships went with it
	return dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.q.DeleteAffiliateUsers(ctx, tx, uuid.NullUUID{UUID: id, Valid: true}); err != nil {
			return err
		}
		// The codes of its links, freed once the links are gone with it.
		codes, err := s.q.LinkCodesOf(ctx, tx, queries.LinkCodesOfParams{AffiliateID: uuid.NullUUID{UUID: id, Valid: true}})
		if err != nil {
			return err
		}
		if err := s.q.DetachCodesConversions(ctx, tx, queries.DetachCodesConversionsParams{AffiliateID: uuid.NullUUID{UUID: id, Valid: true}}); err != nil {
			return err
		}
		n, err := s.q.DeleteAffiliate(ctx, tx, id)
		if err != nil {
			return err
		}
		if n == 0 {
			return affiliateNotFound()
		}
		if err := s.q.DeleteClicksOf(ctx, tx, queries.DeleteClicksOfParams{AffiliateID: uuid.NullUUID{UUID: id, Valid: true}}); err != nil {
			return err
		}
		if err := s.q.RemoveShortCodes(ctx, tx, codes); err != nil {
			return err
		}
		return activity.Log(ctx, tx, h.Actor(), activity.AffiliateDeleted, id.String(), nil)
	})
}
