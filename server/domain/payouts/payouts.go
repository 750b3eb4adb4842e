// Package payouts groups confirmed, unpaid commissions into payouts (one per brand, affiliate and
// currency), marks them paid, and reads and exports them (docs/product.md §6).
package payouts

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"sort"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/activity"
	"github.com/openaffiliate/platform/server/domain/emergency"
	"github.com/openaffiliate/platform/server/domain/notify"
	"github.com/openaffiliate/platform/server/domain/webhooks"
	"github.com/openaffiliate/platform/server/platform/amount"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/csvfile"
	"github.com/openaffiliate/platform/server/platform/customplans"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/paging"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// Payout statuses.
const (
	StatusPending = "pending"
	StatusPaid    = "paid"
)

// Payout is a payout with its brand's name.
type Payout struct {
	ID              uuid.UUID
	BrandID         uuid.UUID
	AffiliateID     uuid.NullUUID
	AffiliateName   string
	AffiliateEmail  string
	Currency        string
	Amount          decimal.Decimal
	ConversionCount int32
	Status          string
	Reference       string
	CreatedBy       uuid.NullUUID
	PaidBy          uuid.NullUUID
	CreatedAt       time.Time
	PaidAt          *time.Time
	BrandName       string
}

// payoutOf is the one mapping from a payout's row, with its brand's name, to a Payout.
func payoutOf(p queries.Payout, brandName string) Payout {
	return Payout{
		ID: p.ID, BrandID: p.BrandID, AffiliateID: p.AffiliateID, AffiliateName: p.AffiliateName,
		AffiliateEmail: p.AffiliateEmail, Currency: p.Currency, Amount: p.Amount, ConversionCount: p.ConversionCount,
		Status: p.Status, Reference: p.Reference, CreatedBy: p.CreatedBy, PaidBy: p.PaidBy, CreatedAt: p.CreatedAt,
		PaidAt: p.PaidAt, BrandName: brandName,
	}
}

// Payable is what a run would pay one affiliate of one brand in one currency.
type Payable struct {
	BrandID         uuid.UUID
	BrandName       string
	AffiliateID     uuid.NullUUID
	AffiliateName   string
	Currency        string
	Amount          decimal.Decimal
	ConversionCount int32
}

func payableOf(r queries.PayableGroupsRow) Payable {
	return Payable{BrandID: r.BrandID, BrandName: r.BrandName, AffiliateID: r.AffiliateID, AffiliateName: r.AffiliateName,
		Currency: r.Currency, Amount: r.Amount, ConversionCount: r.ConversionCount}
}

// Filter narrows a list of payouts; zero values filter nothing.
type Filter struct {
	Status      string
	AffiliateID uuid.NullUUID
	// Since and Before bound the creation time (Before is exclusive).
	Since, Before *time.Time
}

// Run says which commissions a payout run takes: groups of at least Minimum, of one brand (the
// host's choice; a brand's run is always its own) and of one affiliate when set.
type Run struct {
	Minimum     decimal.Decimal
	BrandID     uuid.NullUUID
	AffiliateID uuid.NullUUID
}

// Service creates, pays and reads payouts.
type Service struct {
	pool   *pgxpool.Pool
	q      *queries.Queries
	stop   *emergency.Service // the host's switches: payouts frozen, maintenance
	events *webhooks.Events   // the brands' webhook events of payouts
	mail   notify.Mailer      // queues notifications' email; nil while email is off
}

// New makes the service.
func New(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool, q: queries.New(), stop: emergency.New(pool)}
}

// SetEvents makes the service write the brands' webhook events (payout.created, payout.paid) in
// the transactions of the changes; without it, none are written.
func (s *Service) SetEvents(e *webhooks.Events) { s.events = e }

// SetMailer makes the notifications this service writes send email too (server/domain/email).
func (s *Service) SetMailer(m notify.Mailer) { s.mail = m }

func conflict(field, message string) error {
	return &apierror.Error{Status: http.StatusConflict, Code: apierror.CodeConflict, Message: message,
		Details: []apierror.Detail{{Field: field, Message: message}}}
}

// managers are the scopes that create, pay and cancel payouts: the host any, a brand its own.
func managedBrand(sc tenancy.Scope, action string) (uuid.NullUUID, error) {
	switch {
	case sc.IsHost():
		return uuid.NullUUID{}, nil
	case sc.IsBrand():
		return sc.OwnBrand(), nil
	default:
		return uuid.NullUUID{}, apierror.Forbidden("Only the brand or the host " + action)
	}
}

// Payable answers a page of what a run would pay now, per brand, affiliate and currency, at least
// minimum, in its order, and how many groups there are in all.
func (s *Service) Payable(ctx context.Context, sc tenancy.Scope, minimum decimal.Decimal, p paging.Page) ([]Payable, int, error) {
	brand, err := managedBrand(sc, "sees what is payable")
	if err != nil {
		return nil, 0, err
	}
	rows, total, err := paging.Fetch(p, func(limit, offset int32) ([]queries.PayableGroupsRow, error) {
		return s.q.PayableGroups(ctx, s.pool, queries.PayableGroupsParams{BrandID: brand, MinimumAmount: minimum, MaxRows: limit, SkipRows: offset})
	}, func(r queries.PayableGroupsRow) int64 { return r.Total })
	if err != nil {
		return nil, 0, err
	}
	out := make([]Payable, len(rows))
	for i, r := range rows {
		out[i] = payableOf(r)
	}
	return out, total, nil
}

// knownBrand answers 404 for the host's run naming a brand that does not exist, as a brand's run
// naming another brand does.
func (s *Service) knownBrand(ctx context.Context, brand uuid.NullUUID) error {
	if !brand.Valid {
		return nil
	}
	_, err := s.q.GetBrand(ctx, s.pool, brand.UUID)
	if errors.Is(err, pgx.ErrNoRows) {
		return apierror.NotFound("Brand not found")
	}
	return err
}

type group struct {
	brand, affiliate uuid.UUID
	currency         string
}

// SkipTooLarge is why a run leaves out a group whose sum is more than one payout holds.
const SkipTooLarge = "amount_too_large"

// Skipped is a group a run did not pay, and why; its commissions stay payable.
type Skipped struct {
	BrandID, AffiliateID uuid.UUID
	Currency             string
	Amount               decimal.Decimal
	Conversions          int
	Reason, Message      string
}

// Generate groups the confirmed commissions in no payout into pending payouts, one per brand,
// affiliate and currency that reaches the minimum. The commissions are locked first, so a run
// racing this one waits and then finds them taken: a commission is in one payout at most. A group
// whose sum one payout cannot hold is skipped, with the reason, and the others are paid.
func (s *Service) Generate(ctx context.Context, sc tenancy.Scope, r Run) ([]Payout, []Skipped, error) {
	if err := s.stop.CheckPayouts(ctx); err != nil {
		return nil, nil, err
	}
	brand, err := managedBrand(sc, "creates payouts")
	if err != nil {
		return nil, nil, err
	}
	if brand.Valid {
		if r.BrandID.Valid && r.BrandID.UUID != brand.UUID {
			return nil, nil, apierror.NotFound("Brand not found")
		}
		r.BrandID = brand
	} else if err := s.knownBrand(ctx, r.BrandID); err != nil {
		return nil, nil, err
	}
	if r.Minimum.IsNegative() {
		return nil, nil, apierror.Invalid("minimum_amount", "minimum", "The minimum is at least 0")
	}
	var created []uuid.UUID
	var skipped []Skipped
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		created, skipped = nil, nil
		brands := []uuid.UUID{r.BrandID.UUID}
		if !r.BrandID.Valid {
			if brands, err = s.q.PayableBrands(ctx, tx, r.AffiliateID); err != nil {
				return err
			}
		}
		var rows []queries.LockPayableRow
		for _, b := range brands {
			some, err := s.q.LockPayable(ctx, tx, queries.LockPayableParams{BrandID: b, AffiliateID: r.AffiliateID})
			if err != nil {
				return err
			}
			rows = append(rows, some...)
		}
		ids := map[group][]uuid.UUID{}
		sums := map[group]decimal.Decimal{}
		var order []group
		for _, row := range rows {
			g := group{row.BrandID, row.AffiliateID.UUID, row.CommissionCurrency}
			if _, seen := ids[g]; !seen {
				order = append(order, g)
			}
			ids[g] = append(ids[g], row.ID)
			sums[g] = sums[g].Add(row.CommissionAmount)
		}
		sort.Slice(order, func(i, j int) bool {
			a, b := order[i], order[j]
			if a.brand != b.brand {
				return a.brand.String() < b.brand.String()
			}
			if a.affiliate != b.affiliate {
				return a.affiliate.String() < b.affiliate.String()
			}
			return a.currency < b.currency
		})
		for _, g := range order {
			if sums[g].LessThan(r.Minimum) {
				continue
			}
			if sums[g].GreaterThan(amount.MaxMoney) {
				skipped = append(skipped, Skipped{
					BrandID: g.brand, AffiliateID: g.affiliate, Currency: g.currency, Amount: sums[g], Conversions: len(ids[g]),
					Reason: SkipTooLarge, Message: fmt.Sprintf("The commissions add up to %s %s, more than one payout holds (%s): adjust or reverse some of them",
						amount.Format(sums[g]), g.currency, amount.Format(amount.MaxMoney)),
				})
				slog.WarnContext(ctx, "payout run skipped a group", "brand_id", g.brand, "affiliate_id", g.affiliate,
					"currency", g.currency, "amount", amount.Format(sums[g]), "reason", SkipTooLarge)
				continue
			}
			id, err := s.q.InsertPayout(ctx, tx, queries.InsertPayoutParams{
				BrandID: g.brand, AffiliateID: g.affiliate, Currency: g.currency, Amount: sums[g],
				ConversionCount: int32(min(len(ids[g]), math.MaxInt32)), CreatedBy: actor(sc),
			})
			if err != nil {
				return err
			}
			if _, err := s.q.AttachToPayout(ctx, tx, queries.AttachToPayoutParams{PayoutID: uuid.NullUUID{UUID: id, Valid: true}, Ids: ids[g]}); err != nil {
				return err
			}
			if err := activity.Log(ctx, tx, sc.Actor(), activity.PayoutCreated, id.String(), map[string]any{
				"brand_id": g.brand, "affiliate_id": g.affiliate, "currency": g.currency,
				"amount": amount.Format(sums[g]), "conversions": len(ids[g]),
			}); err != nil {
				return err
			}
			if err := s.emit(ctx, tx, id, g.brand, webhooks.PayoutCreated); err != nil {
				return err
			}
			if err := notify.Send(ctx, tx, s.mail, notify.Notice{
				AffiliateID: g.affiliate, BrandID: uuid.NullUUID{UUID: g.brand, Valid: true}, Kind: notify.PayoutCreated,
				Params:     notify.Params{Amount: amount.Format(sums[g]), Currency: g.currency, Count: len(ids[g])},
				EntityType: "payout", EntityID: id.String(),
			}); err != nil {
				return err
			}
			created = append(created, id)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	out := make([]Payout, 0, len(created))
	for _, id := range created {
		p, err := s.Get(ctx, sc, id)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, p)
	}
	return out, skipped, nil
}

// emit writes a payout event of the brand's payout id as it is now in tx (the caller knows the brand).
func (s *Service) emit(ctx context.Context, tx pgx.Tx, id, brand uuid.UUID, eventType string) error {
	if s.events == nil {
		return nil
	}
	p, err := s.q.LockPayout(ctx, tx, queries.LockPayoutParams{ID: id, BrandID: brand})
	if err != nil {
		return err
	}
	data := webhooks.Payout{ID: p.ID, Amount: amount.Format(p.Amount), Currency: p.Currency, ConversionCount: p.ConversionCount,
		Status: p.Status, Reference: p.Reference, CreatedAt: p.CreatedAt, PaidAt: p.PaidAt}
	if p.AffiliateID.Valid {
		data.AffiliateID = &p.AffiliateID.UUID
	}
	return s.events.Emit(ctx, tx, p.BrandID, eventType, data)
}

func actor(sc tenancy.Scope) uuid.NullUUID {
	a := sc.Actor()
	return uuid.NullUUID{UUID: a, Valid: a != uuid.Nil}
}

// lock loads a payout the scope manages, locked for a change; another tenant's answers 404.
func (s *Service) lock(ctx context.Context, tx pgx.Tx, sc tenancy.Scope, id uuid.UUID, action string) (queries.Payout, error) {
	brand, err := managedBrand(sc, action)
	if err != nil {
		return queries.Payout{}, err
	}
	if !brand.Valid {
		b, err := s.q.PayoutBrand(ctx, tx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return queries.Payout{}, apierror.NotFound("Payout not found")
		}
		if err != nil {
			return queries.Payout{}, err
		}
		brand = uuid.NullUUID{UUID: b, Valid: true}
	}
	p, err := s.q.LockPayout(ctx, tx, queries.LockPayoutParams{ID: id, BrandID: brand.UUID})
	if errors.Is(err, pgx.ErrNoRows) {
		return queries.Payout{}, apierror.NotFound("Payout not found")
	}
	return p, err
}

// Pay marks a pending payout paid with the payment's reference; its conversions become paid and
// can no longer be reversed. A payout already paid answers 409.
func (s *Service) Pay(ctx context.Context, sc tenancy.Scope, id uuid.UUID, reference string) (Payout, error) {
	if err := s.stop.CheckPayouts(ctx); err != nil {
		return Payout{}, err
	}
	err := dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		p, err := s.lock(ctx, tx, sc, id, "pays payouts")
		if err != nil {
			return err
		}
		if p.Status != StatusPending {
			return conflict("id", fmt.Sprintf("Payout %s is already paid (reference %q)", p.ID, p.Reference))
		}
		if err := s.q.MarkPayoutPaid(ctx, tx, queries.MarkPayoutPaidParams{ID: id, Reference: reference, PaidBy: actor(sc)}); err != nil {
			return err
		}
		paid, err := s.q.MarkPayoutConversionsPaid(ctx, tx, uuid.NullUUID{UUID: id, Valid: true})
		if err != nil {
			return err
		}
		if p.AffiliateID.Valid {
			if err := notify.Send(ctx, tx, s.mail, notify.Notice{
				AffiliateID: p.AffiliateID.UUID, BrandID: uuid.NullUUID{UUID: p.BrandID, Valid: true}, Kind: notify.PayoutPaid,
				Params:     notify.Params{Amount: amount.Format(p.Amount), Currency: p.Currency, Reference: reference, Count: int(p.ConversionCount)},
				EntityType: "payout", EntityID: id.String(),
			}); err != nil {
				return err
			}
		}
		if err := s.emit(ctx, tx, id, p.BrandID, webhooks.PayoutPaid); err != nil {
			return err
		}
		return activity.Log(ctx, tx, sc.Actor(), activity.PayoutPaid, id.String(), map[string]any{
			"brand_id": p.BrandID, "affiliate_id": p.AffiliateID, "currency": p.Currency,
			"amount": amount.Format(p.Amount), "conversions": paid, "reference": reference,
		})
	})
	if err != nil {
		return Payout{}, err
	}
	return s.Get(ctx, sc, id)
}

// Cancel removes a pending payout; its commissions become payable again.
func (s *Service) Cancel(ctx context.Context, sc tenancy.Scope, id uuid.UUID) error {
	return dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		p, err := s.lock(ctx, tx, sc, id, "cancels payouts")
		if err != nil {
			return err
		}
		if p.Status != StatusPending {
			return conflict("id", fmt.Sprintf("Payout %s is paid: it cannot be cancelled", p.ID))
		}
		if err := s.q.ReleasePayoutConversions(ctx, tx, uuid.NullUUID{UUID: id, Valid: true}); err != nil {
			return err
		}
		if err := s.q.DeletePayout(ctx, tx, id); err != nil {
			return err
		}
		return activity.Log(ctx, tx, sc.Actor(), activity.PayoutCancelled, id.String(), map[string]any{
			"brand_id": p.BrandID, "affiliate_id": p.AffiliateID, "currency": p.Currency, "amount": amount.Format(p.Amount),
		})
	})
}

// Get loads a payout the scope may see: the host any, a brand its own, an affiliate one paid to
// it. Any other answers 404.
func (s *Service) Get(ctx context.Context, sc tenancy.Scope, id uuid.UUID) (Payout, error) {
	brand, affiliate := sc.Memberships()
	r, err := s.q.GetPayout(ctx, s.pool, queries.GetPayoutParams{ID: id, BrandID: brand, AffiliateID: affiliate})
	if errors.Is(err, pgx.ErrNoRows) {
		return Payout{}, apierror.NotFound("Payout not found")
	}
	if err != nil {
		return Payout{}, err
	}
	return payoutOf(r.Payout, r.BrandName), nil
}

// List answers a page of the payouts the scope may see, in the page's order, with the total that match.
func (s *Service) List(ctx context.Context, sc tenancy.Scope, f Filter, p paging.Page) ([]Payout, int, error) {
	rows, total, err := paging.Fetch(p, func(limit, offset int32) ([]queries.ListPayoutsRow, error) {
		return s.q.ListPayouts(ctx, customplans.Of(s.pool), s.listParams(sc, f, p, limit, offset))
	}, func(r queries.ListPayoutsRow) int64 { return r.Total })
	if err != nil {
		return nil, 0, err
	}
	out := make([]Payout, len(rows))
	for i, r := range rows {
		out[i] = payoutOf(r.Payout, r.BrandName)
	}
	return out, total, nil
}

// listParams are the list query's arguments; the page gives the order (created_at, amount or paid_at).
func (s *Service) listParams(sc tenancy.Scope, f Filter, p paging.Page, limit, offset int32) queries.ListPayoutsParams {
	brand, affiliate := sc.Memberships()
	var status *string
	if f.Status != "" {
		status = &f.Status
	}
	return queries.ListPayoutsParams{
		BrandID: brand, AffiliateID: affiliate, Status: status, AffiliateFilter: f.AffiliateID,
		Since: f.Since, Before: f.Before, Sort: p.Sort, Descending: !p.Ascending, MaxRows: limit, SkipRows: offset,
	}
}

// Export writes the payouts the scope may see as CSV, a page at a time from one snapshot.
func (s *Service) Export(ctx context.Context, sc tenancy.Scope, f Filter, w io.Writer) error {
	header := []string{"id", "brand", "affiliate", "affiliate_email", "currency", "amount", "conversions", "status", "reference", "created_at", "paid_at"}
	return csvfile.Snapshot(ctx, s.pool, func(tx pgx.Tx) error {
		offset := int32(0)
		next := func(*queries.ListPayoutsRow) ([]queries.ListPayoutsRow, error) {
			rows, err := s.q.ListPayouts(ctx, customplans.Of(tx), s.listParams(sc, f, paging.Page{}, csvfile.PageSize, offset))
			offset += csvfile.PageSize
			return rows, err
		}
		return csvfile.Stream(w, header, next, func(r queries.ListPayoutsRow) []string {
			p := r.Payout
			paidAt := ""
			if p.PaidAt != nil {
				paidAt = p.PaidAt.UTC().Format(time.RFC3339)
			}
			return []string{
				p.ID.String(), r.BrandName, p.AffiliateName, p.AffiliateEmail, p.Currency, amount.Format(p.Amount),
				fmt.Sprint(p.ConversionCount), p.Status, p.Reference, p.CreatedAt.UTC().Format(time.RFC3339), paidAt,
			}
		})
	})
}
