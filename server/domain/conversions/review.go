package conversions

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/activity"
	"github.com/openaffiliate/platform/server/domain/notify"
	"github.com/openaffiliate/platform/server/domain/webhooks"
	"github.com/openaffiliate/platform/server/platform/amount"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// Decisions a brand or the host takes on conversions.
const (
	Confirm = "confirm"
	Reject  = "reject"
	Reverse = "reverse"
)

// MaxReviewBatch is how many conversions one review decides at most.
const MaxReviewBatch = 500

// next is where a decision takes a conversion from each status; a missing entry is refused.
var next = map[string]map[string]string{
	// Confirming a rejected conversion restores it (a rejection found wrong), and with it the
	// renewals of the subscription it is the first payment of.
	Confirm: {StatusPending: StatusConfirmed, StatusFlagged: StatusConfirmed, StatusRejected: StatusConfirmed},
	Reject:  {StatusPending: StatusRejected, StatusFlagged: StatusRejected},
	// A confirmed, unpaid commission is taken back (a refund outside the shop's webhooks).
	Reverse: {StatusConfirmed: StatusReversed},
}

// refused is a 409 naming the conversion a decision cannot apply to.
func refused(field, message string) error {
	return &apierror.Error{Status: http.StatusConflict, Code: apierror.CodeConflict, Message: message,
		Details: []apierror.Detail{{Field: field, Message: message}}}
}

// Review applies one decision to conversions the scope may change (the host any, a brand its own),
// all or none: an id the scope cannot see answers 404, a status the decision does not apply to
// 409 naming it, and a confirmation that would pass its campaign's budget 409 too. Each change is
// in the activity log with who made it and why.
func (s *Service) Review(ctx context.Context, sc tenancy.Scope, ids []uuid.UUID, decision, reason string) ([]Conversion, error) {
	moves, ok := next[decision]
	if !ok {
		return nil, apierror.Invalid("decision", "enum", "The decision is confirm, reject or reverse")
	}
	if sc.IsAffiliate() || (!sc.IsHost() && !sc.IsBrand()) {
		return nil, apierror.Forbidden("Only the brand or the host reviews conversions")
	}
	if len(ids) == 0 || len(ids) > MaxReviewBatch {
		return nil, apierror.Invalid("conversion_ids", "maxItems", fmt.Sprintf("Review 1 to %d conversions at once", MaxReviewBatch))
	}
	seen := map[uuid.UUID]bool{}
	err := dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		clear(seen) // a run again after a deadlock starts over
		told := notices{}
		for i, id := range ids {
			if seen[id] {
				continue
			}
			seen[id] = true
			field := fmt.Sprintf("conversion_ids.%d", i)
			c, err := s.lock(ctx, tx, sc, id)
			if err != nil {
				return err
			}
			if decision == Reverse && c.PayoutID.Valid {
				return refused(field, fmt.Sprintf("Conversion %s is in a pending payout: cancel the payout to reverse it", c.OrderID))
			}
			to, ok := moves[c.Status]
			if !ok {
				return refused(field, fmt.Sprintf("Conversion %s is %s: it cannot be %s", c.OrderID, c.Status, pastTense[decision]))
			}
			commission := c.CommissionAmount
			told.add(c, noticeOf[decision], c.CommissionAmount)
			switch decision {
			case Confirm:
				if err := s.spend(ctx, tx, c, commission, field); err != nil {
					return err
				}
			case Reverse:
				if err := s.spend(ctx, tx, c, commission.Neg(), field); err != nil {
					return err
				}
				commission = decimal.Zero
			}
			if err := s.q.SetConversionDecision(ctx, tx, queries.SetConversionDecisionParams{
				ID: c.ID, Status: to, CommissionAmount: commission, DecidedAt: new(s.now()),
			}); err != nil {
				return err
			}
			if err := activity.Log(ctx, tx, sc.Actor(), logged[decision], c.ID.String(), map[string]any{
				"from": c.Status, "to": to, "reason": reason, "commission": amount.Format(commission), "flag_reason": c.FlagReason,
			}); err != nil {
				return err
			}
			if err := s.emitStatus(ctx, tx, c, pastTense[decision], to, commission, c.RefundedAmount); err != nil {
				return err
			}
		}
		return told.send(ctx, tx)
	})
	if err != nil {
		return nil, err
	}
	out := make([]Conversion, 0, len(seen))
	for _, id := range ids {
		if !seen[id] {
			continue
		}
		delete(seen, id)
		c, err := s.Get(ctx, sc, id)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

var pastTense = map[string]string{Confirm: "confirmed", Reject: "rejected", Reverse: "reversed"}

var logged = map[string]activity.Kind{Confirm: activity.ConversionConfirmed, Reject: activity.ConversionRejected, Reverse: activity.ConversionReversed}

// lock loads a conversion the scope may change, for update; another tenant's answers 404.
func (s *Service) lock(ctx context.Context, tx pgx.Tx, sc tenancy.Scope, id uuid.UUID) (queries.Conversion, error) {
	brand := sc.Brands()
	if !brand.Valid {
		b, err := s.q.ConversionBrand(ctx, tx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return queries.Conversion{}, apierror.NotFound("Conversion not found")
		}
		if err != nil {
			return queries.Conversion{}, err
		}
		brand = uuid.NullUUID{UUID: b, Valid: true}
	}
	c, err := s.q.LockConversion(ctx, tx, queries.LockConversionParams{ID: id, BrandID: brand.UUID})
	if errors.Is(err, pgx.ErrNoRows) {
		return queries.Conversion{}, apierror.NotFound("Conversion not found")
	}
	return c, err
}

// spend moves a campaign's spent amount by delta; an increase past its budget is refused.
func (s *Service) spend(ctx context.Context, tx pgx.Tx, c queries.Conversion, delta decimal.Decimal, field string) error {
	if !c.CampaignID.Valid || delta.IsZero() {
		return nil
	}
	budget, err := s.q.LockCampaignBudget(ctx, tx, queries.LockCampaignBudgetParams{ID: c.CampaignID.UUID, BrandID: c.BrandID})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // the campaign is gone
	}
	if err != nil {
		return err
	}
	if delta.IsPositive() && budget.Budget.Valid && budget.Spent.Add(delta).GreaterThan(budget.Budget.Decimal) {
		left := decimal.Max(budget.Budget.Decimal.Sub(budget.Spent), decimal.Zero)
		return refused(field, fmt.Sprintf("Confirming order %s (%s %s) would pass its campaign's budget: %s %s is left; adjust the commission or raise the budget",
			c.OrderID, amount.Format(delta), c.CommissionCurrency, amount.Format(left), c.CommissionCurrency))
	}
	return s.q.AddCampaignSpent(ctx, tx, queries.AddCampaignSpentParams{ID: c.CampaignID.UUID, BrandID: c.BrandID, Delta: delta})
}

// Adjust sets a conversion's commission by hand, with the reason written to the activity log. A
// commission is at most its order total converted at the conversion's rate, as when it was
// computed. A confirmed one moves its campaign's spent amount by the difference (within the
// budget); a paid, rejected or reversed one cannot change.
func (s *Service) Adjust(ctx context.Context, sc tenancy.Scope, id uuid.UUID, commission decimal.Decimal, reason string) (Conversion, error) {
	if !sc.IsHost() && !sc.IsBrand() {
		return Conversion{}, apierror.Forbidden("Only the brand or the host adjusts a commission")
	}
	if commission.IsNegative() || !commission.Equal(commission.Round(2)) || commission.GreaterThan(maxOrderTotal) {
		return Conversion{}, apierror.Invalid("commission_amount", "decimal", "A commission is at least 0, with at most two decimals")
	}
	err := dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		c, err := s.lock(ctx, tx, sc, id)
		if err != nil {
			return err
		}
		if most := c.OrderTotal.Mul(c.ExchangeRate).Round(2); commission.GreaterThan(most) {
			return apierror.Invalid("commission_amount", "maximum", fmt.Sprintf("A commission is at most its order total in %s: %s %s",
				c.CommissionCurrency, amount.Format(most), c.CommissionCurrency))
		}
		switch {
		case c.Status == StatusPaid || c.Status == StatusRejected || c.Status == StatusReversed:
			return refused("commission_amount", fmt.Sprintf("Conversion %s is %s: its commission cannot change", c.OrderID, c.Status))
		case c.PayoutID.Valid:
			return refused("commission_amount", fmt.Sprintf("Conversion %s is in a pending payout: cancel the payout to change its commission", c.OrderID))
		case c.Status == StatusConfirmed:
			if err := s.spend(ctx, tx, c, commission.Sub(c.CommissionAmount), "commission_amount"); err != nil {
				return err
			}
		}
		if err := s.q.SetConversionDecision(ctx, tx, queries.SetConversionDecisionParams{
			ID: c.ID, Status: c.Status, CommissionAmount: commission, DecidedAt: c.DecidedAt,
		}); err != nil {
			return err
		}
		return activity.Log(ctx, tx, sc.Actor(), activity.ConversionAdjusted, c.ID.String(), map[string]any{
			"from": amount.Format(c.CommissionAmount), "to": amount.Format(commission), "reason": reason,
		})
	})
	if err != nil {
		return Conversion{}, err
	}
	return s.Get(ctx, sc, id)
}

// Delete removes a conversion; only the host may, and not once it is paid. A confirmed one gives
// its commission back to its campaign's spent amount, and its code's use is uncounted.
func (s *Service) Delete(ctx context.Context, h tenancy.HostScope, id uuid.UUID, reason string) error {
	if err := h.Check(); err != nil {
		return err
	}
	return dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		c, err := s.lock(ctx, tx, h.Scope(), id)
		if err != nil {
			return err
		}
		if c.Status == StatusPaid {
			return refused("id", fmt.Sprintf("Conversion %s is paid: it cannot be deleted", c.OrderID))
		}
		if c.PayoutID.Valid {
			return refused("id", fmt.Sprintf("Conversion %s is in a pending payout: cancel the payout to delete it", c.OrderID))
		}
		if c.Status == StatusConfirmed {
			if err := s.spend(ctx, tx, c, c.CommissionAmount.Neg(), "id"); err != nil {
				return err
			}
		}
		if c.DiscountCodeID.Valid {
			if err := s.q.UncountCodeUse(ctx, tx, c.DiscountCodeID.UUID); err != nil {
				return err
			}
		}
		// Logged while the conversion exists, so the entry is its brand's and affiliate's too.
		if err := activity.Log(ctx, tx, h.Actor(), activity.ConversionDeleted, c.ID.String(), map[string]any{
			"brand_id": c.BrandID, "order_id": c.OrderID, "status": c.Status, "commission": amount.Format(c.CommissionAmount), "reason": reason,
		}); err != nil {
			return err
		}
		return s.q.DeleteConversion(ctx, tx, c.ID)
	})
}

// ConfirmHeld confirms the clean pending conversions whose campaign's holding period has passed by
// now, at most limit of them; it answers how many it confirmed. Several processes may run it at
// once: each takes rows the others have not locked. One that would pass its campaign's budget
// stays pending for a person to decide.
func (s *Service) ConfirmHeld(ctx context.Context, limit int32) (int, error) {
	// Maintenance refuses every change: the holding period's confirmations wait for its end.
	if err := s.stop.CheckChange(ctx); err != nil {
		if _, refused := apierror.From(err); refused {
			return 0, nil
		}
		return 0, err
	}
	confirmed := 0
	err := dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		confirmed = 0 // a run again after a deadlock starts over
		told := notices{}
		ids, err := s.q.HeldConversions(ctx, tx, queries.HeldConversionsParams{Now: s.now(), MaxRows: limit})
		if err != nil {
			return err
		}
		for _, held := range ids {
			c, err := s.q.LockConversion(ctx, tx, queries.LockConversionParams(held))
			if errors.Is(err, pgx.ErrNoRows) {
				continue // deleted meanwhile
			}
			if err != nil {
				return err
			}
			if c.Status != StatusPending {
				continue // decided meanwhile (another process, or a person)
			}
			var over *apierror.Error
			if err := s.spend(ctx, tx, c, c.CommissionAmount, "id"); errors.As(err, &over) {
				continue
			} else if err != nil {
				return err
			}
			if err := s.q.SetConversionDecision(ctx, tx, queries.SetConversionDecisionParams{
				ID: c.ID, Status: StatusConfirmed, CommissionAmount: c.CommissionAmount, DecidedAt: new(s.now()),
			}); err != nil {
				return err
			}
			if err := activity.Log(ctx, tx, uuid.Nil, activity.ConversionConfirmed, c.ID.String(), map[string]any{
				"from": StatusPending, "to": StatusConfirmed, "reason": "holding period passed",
			}); err != nil {
				return err
			}
			if err := s.emitStatus(ctx, tx, c, webhooks.ChangeConfirmed, StatusConfirmed, c.CommissionAmount, c.RefundedAmount); err != nil {
				return err
			}
			told.add(c, notify.ConversionsConfirmed, c.CommissionAmount)
			confirmed++
		}
		return told.send(ctx, tx)
	})
	return confirmed, err
}
