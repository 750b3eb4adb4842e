package conversions

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/activity"
	"github.com/openaffiliate/platform/server/domain/notify"
	"github.com/openaffiliate/platform/server/domain/webhooks"
	"github.com/openaffiliate/platform/server/platform/amount"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// Refund outcomes.
const (
	RefundApplied     = "refund_applied"
	RefundHeld        = "held_for_order" // the order is not stored yet: the refund is kept and applied with it
	RefundNothingToDo = "nothing_to_do"  // reversed or paid: no unpaid commission to take back
)

// RefundArgs say what was refunded: Amount of the order, or all of it when Cancelled. Key is the
// delivery that brought it (kept with a refund that arrives before its order); Source names the
// sender for the activity log.
type RefundArgs struct {
	OrderID   string
	Amount    decimal.Decimal
	Cancelled bool
	Key       string
	Source    string
}

// Refund takes back an unpaid commission after a refund of amount (or all of the order, when
// cancelled), as RefundedCommission says. A confirmed commission gives what it lost back to its
// campaign's spent amount. What the refund changed is in the activity log. A refund of an order
// not stored yet is kept and applied in the transaction that stores the order (takeEarlyRefunds). Call
// it inside the transaction that claimed the refund (so a redelivered refund cannot apply twice).
// The brand is the scope's (its shop's signed webhook); any other scope is refused.
func (s *Service) Refund(ctx context.Context, tx pgx.Tx, sc tenancy.Scope, r RefundArgs) (string, error) {
	brandID, ok := sc.BrandID()
	if !ok {
		return "", apierror.Forbidden("Only a brand reports its refunds")
	}
	// Taken before the conversion is read, as takeEarlyRefunds takes it before the kept refunds are.
	if err := s.q.LockOrderID(ctx, tx, queries.LockOrderIDParams{BrandID: brandID, OrderID: r.OrderID}); err != nil {
		return "", err
	}
	c, err := s.q.LockConversionByOrder(ctx, tx, queries.LockConversionByOrderParams{BrandID: brandID, OrderID: r.OrderID})
	if errors.Is(err, pgx.ErrNoRows) {
		return RefundHeld, s.q.KeepEarlyRefund(ctx, tx, queries.KeepEarlyRefundParams{
			BrandID: brandID, WebhookID: r.Key, OrderID: r.OrderID, Amount: r.Amount, Cancelled: r.Cancelled,
			Source: r.Source, ReceivedAt: s.now(),
		})
	}
	if err != nil {
		return "", err
	}
	return s.applyRefund(ctx, tx, c, r)
}

// applyRefund applies a refund to its locked conversion. A rejected one keeps its status and
// takes the refund all the same (its commission scaled, nobody told): confirmed later, it earns
// only on what is left of the order.
func (s *Service) applyRefund(ctx context.Context, tx pgx.Tx, c queries.Conversion, r RefundArgs) (string, error) {
	if c.Status == StatusReversed || c.Status == StatusPaid {
		return RefundNothingToDo, activity.Log(ctx, tx, uuid.Nil, activity.ConversionRefundIgnored, c.ID.String(),
			map[string]any{"status": c.Status, "amount": amount.Format(r.Amount), "cancelled": r.Cancelled, "source": r.Source, "delivery": r.Key})
	}
	refunded := decimal.Min(c.OrderTotal, c.RefundedAmount.Add(r.Amount)).Round(2)
	if r.Cancelled {
		refunded = c.OrderTotal
	}
	commission, status := RefundedCommission(c.CommissionAmount, c.OrderTotal, c.RefundedAmount, refunded), c.Status
	if refunded.Equal(c.OrderTotal) && c.Status != StatusRejected {
		status = StatusReversed
	}
	if err := s.q.SetConversionRefund(ctx, tx, queries.SetConversionRefundParams{
		ID: c.ID, RefundedAmount: refunded, CommissionAmount: commission, Status: status,
	}); err != nil {
		return "", err
	}
	if c.PayoutID.Valid {
		if err := s.leavePayout(ctx, tx, c.ID, c.PayoutID.UUID); err != nil {
			return "", err
		}
	}
	if c.Status == StatusConfirmed && c.CampaignID.Valid {
		if err := s.q.AddCampaignSpent(ctx, tx, queries.AddCampaignSpentParams{ID: c.CampaignID.UUID, BrandID: c.BrandID, Delta: commission.Sub(c.CommissionAmount)}); err != nil {
			return "", err
		}
	}
	if err := s.emitStatus(ctx, tx, c, webhooks.ChangeRefunded, status, commission, refunded); err != nil {
		return "", err
	}
	if taken := c.CommissionAmount.Sub(commission); taken.IsPositive() && c.Status != StatusRejected {
		told := notices{}
		told.add(c, notify.ConversionReversed, taken)
		if err := told.send(ctx, tx); err != nil {
			return "", err
		}
	}
	return RefundApplied, activity.Log(ctx, tx, uuid.Nil, activity.ConversionRefunded, c.ID.String(), map[string]any{
		"refunded": amount.Format(refunded), "commission_before": amount.Format(c.CommissionAmount),
		"commission_after": amount.Format(commission), "status_before": c.Status, "status_after": status,
		"source": r.Source, "delivery": r.Key,
	})
}

// RefundedCommission is what a commission (as it is now, after any adjustment by hand) becomes
// when the refunded part of an order of total grows from before to after: it keeps the share that
// the part still unrefunded after is of the part unrefunded before, rounded half-up to 2 decimals.
// So it never grows, what it loses is never more than it had, and all refunded leaves nothing.
func RefundedCommission(commission, total, before, after decimal.Decimal) decimal.Decimal {
	left, was := total.Sub(after), total.Sub(before)
	if !left.IsPositive() || !was.IsPositive() {
		return decimal.Zero
	}
	if left.GreaterThanOrEqual(was) {
		return commission
	}
	return commission.Mul(left).DivRound(was, 12).Round(2)
}

// leavePayout takes a refunded conversion out of its pending payout (a paid one is never
// refunded here): the payout's totals follow what is left in it, and a payout left empty is gone.
func (s *Service) leavePayout(ctx context.Context, tx pgx.Tx, conversionID, payoutID uuid.UUID) error {
	if err := s.q.LeavePayout(ctx, tx, conversionID); err != nil {
		return err
	}
	left, err := s.q.PayoutTotals(ctx, tx, uuid.NullUUID{UUID: payoutID, Valid: true})
	if err != nil {
		return err
	}
	if left.ConversionCount == 0 {
		return s.q.DeletePayout(ctx, tx, payoutID)
	}
	return s.q.SetPayoutTotals(ctx, tx, queries.SetPayoutTotalsParams{ID: payoutID, Amount: left.Amount, ConversionCount: left.ConversionCount})
}
