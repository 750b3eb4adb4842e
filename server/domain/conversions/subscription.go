package conversions

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/queries"
)

// A conversion's kinds: an order, or a later payment of a subscription.
const (
	KindSale    = "sale"
	KindRenewal = "renewal"
)

// Why an attributed renewal earns nothing: the campaign's recurring rule leaves it out, or the
// subscription's first payment was rejected (as fraud, say) or reversed (refunded, or taken back).
const (
	NoteFirstPayment  = "recurring_first_payment"
	NoteLimitReached  = "recurring_limit_reached"
	NoteMonthsPassed  = "recurring_months_passed"
	NoteFirstRejected = "first_payment_rejected"
	NoteFirstReversed = "first_payment_reversed"
)

// stoppedBy is the note of a renewal whose subscription's first payment has status first: a
// rejected or reversed first payment stops the subscription's commissions until the brand
// restores it (confirms the rejected conversion); empty when it does not.
var stoppedBy = map[string]string{StatusRejected: NoteFirstRejected, StatusReversed: NoteFirstReversed}

// decideRenewal attributes a renewal to its remembered subscription's affiliate and campaign (as
// its first payment was attributed), with the commission the campaign's recurring rule allows
// (none while the first payment is rejected or reversed); a
// renewal of a subscription the brand does not remember, or whose affiliate no longer earns in
// the campaign, is unattributed. The subscription's row stays locked until the renewal is stored,
// so renewals that arrive together count their payments one after the other.
func (s *Service) decideRenewal(ctx context.Context, db queries.DBTX, brandID uuid.UUID, o Order, rates map[string]decimal.Decimal) (decision, error) {
	d := decision{attribution: ByNone, commissionCurrency: o.Currency, rate: decimal.NewFromInt(1), status: StatusPending}
	sub, err := s.q.SubscriptionForRenewal(ctx, db, queries.SubscriptionForRenewalParams{BrandID: brandID, SubscriptionID: o.SubscriptionID})
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && !sub.Earning) {
		return d, nil
	}
	if err != nil {
		return decision{}, err
	}
	d.attribution, d.renewal = sub.Subscription.Attribution, true
	d.affiliateID = uuid.NullUUID{UUID: sub.Subscription.AffiliateID, Valid: true}
	campaign := sub.Campaign
	// Computed as a sale's (lines and tiers, no code's override), then the recurring rule applies.
	rules, tier, err := s.rulesFor(ctx, db, brandID, campaign, d.affiliateID.UUID, o.at, nil)
	if err != nil {
		return decision{}, err
	}
	if err := d.earn(o, campaign, rules, tier, rates); err != nil {
		return decision{}, err
	}
	d.note = stoppedBy[sub.FirstStatus]
	if d.note == "" {
		d.note = recurringNote(campaign, sub.Subscription, o.at)
	}
	if d.note != "" {
		d.commission = decimal.Zero
		for i := range d.lines {
			d.lines[i].Commission = decimal.Zero
		}
	}
	if o.CustomerEmail != "" && strings.EqualFold(o.CustomerEmail, sub.AffiliateEmail) {
		d.flag, d.status = RuleSelfReferral, StatusFlagged
	}
	return d, nil
}

// recurringNote is why the campaign's recurring rule leaves out a renewal at time at (the
// subscription's payments so far, the first included, are counted), or empty when it earns.
func recurringNote(c queries.Campaign, sub queries.Subscription, at time.Time) string {
	limit := int32(0)
	if c.RecurringLimit != nil {
		limit = *c.RecurringLimit
	}
	switch c.Recurring {
	case "lifetime":
		return ""
	case "first_payments":
		if sub.Payments+1 > limit {
			return NoteLimitReached
		}
		return ""
	case "first_months":
		if at.After(sub.FirstPaymentAt.AddDate(0, int(limit), 0)) {
			return NoteMonthsPassed
		}
		return ""
	}
	return NoteFirstPayment
}

// countSubscription, once a conversion is stored: an attributed sale of a subscription remembers
// it (its first payment); a renewal its subscription attributed counts one more payment.
func (s *Service) countSubscription(ctx context.Context, db queries.DBTX, brandID uuid.UUID, o Order, d decision) error {
	switch {
	case o.SubscriptionID == "" || !d.affiliateID.Valid:
		return nil
	case d.renewal:
		return s.q.CountSubscriptionPayment(ctx, db, queries.CountSubscriptionPaymentParams{BrandID: brandID, SubscriptionID: o.SubscriptionID})
	case o.Kind == KindSale:
		return s.q.RememberSubscription(ctx, db, queries.RememberSubscriptionParams{
			BrandID: brandID, SubscriptionID: o.SubscriptionID, CustomerID: o.CustomerID,
			AffiliateID: d.affiliateID.UUID, CampaignID: d.campaignID.UUID, Attribution: d.attribution, FirstPaymentAt: o.at,
			FirstOrderID: o.OrderID,
		})
	}
	return nil
}
