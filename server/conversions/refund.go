package conversions

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/activity"
	"github.com/openaffiliate/platform/server/notify"
)

// Refund outcomes.
const (
	RefundApplied      = "refund_applied"
	RefundUnknownOrder = "unknown_order" // the order was never reported (or is another brand's)
	RefundNothingToDo  = "nothing_to_do" // rejected, reversed or paid: no unpaid commission to take back
)

// RefundArgs say what was refunded: Amount of the order, or all of it when Cancelled. Source
// names the sender for the activity log.
type RefundArgs struct {
	OrderID   string
	Amount    decimal.Decimal
	Cancelled bool
	Source    string
}

// Refund takes back an unpaid commission after a refund of amount (or all of the order, when
// cancelled): in proportion to the refunded part of the order, all of it once the whole order is
// refunded. A confirmed commission gives its share back to its campaign's spent amount. What the
// refund changed is in the activity log. Call it inside the transaction that claimed the refund
// (so a redelivered refund cannot apply twice).
func (s *Service) Refund(ctx context.Context, tx pgx.Tx, brandID uuid.UUID, r RefundArgs) (string, error) {
	orderID, amount, cancelled, source := r.OrderID, r.Amount, r.Cancelled, r.Source
	c, err := s.q.LockConversionByOrder(ctx, tx, queries.LockConversionByOrderParams{BrandID: brandID, OrderID: orderID})
	if errors.Is(err, pgx.ErrNoRows) {
		return RefundUnknownOrder, nil
	}
	if err != nil {
		return "", err
	}
	if c.Status == StatusRejected || c.Status == StatusReversed || c.Status == StatusPaid {
		return RefundNothingToDo, activity.Log(ctx, tx, uuid.Nil, "conversion.refund_ignored", "conversion", c.ID.String(),
			map[string]any{"status": c.Status, "amount": amount.StringFixed(2), "cancelled": cancelled, "source": source})
	}
	refunded := decimal.Min(c.OrderTotal, c.RefundedAmount.Add(amount))
	if cancelled {
		refunded = c.OrderTotal
	}
	commission, status := remainingCommission(c.OriginalCommission, c.OrderTotal, refunded), c.Status
	if refunded.Equal(c.OrderTotal) {
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
		if err := s.q.AddCampaignSpent(ctx, tx, queries.AddCampaignSpentParams{ID: c.CampaignID.UUID, Delta: commission.Sub(c.CommissionAmount)}); err != nil {
			return "", err
		}
	}
	if taken := c.CommissionAmount.Sub(commission); taken.IsPositive() {
		told := notices{}
		told.add(c, notify.ConversionReversed, taken)
		if err := told.send(ctx, tx); err != nil {
			return "", err
		}
	}
	return RefundApplied, activity.Log(ctx, tx, uuid.Nil, "conversion.refunded", "conversion", c.ID.String(), map[string]any{
		"refunded": refunded.StringFixed(2), "commission_before": c.CommissionAmount.StringFixed(2),
		"commission_after": commission.StringFixed(2), "status_before": c.Status, "status_after": status, "source": source,
	})
}

// remainingCommission is the share of the original commission that the unrefunded part of the
// order still earns, rounded half-up to 2 decimals.
func remainingCommission(original, total, refunded decimal.Decimal) decimal.Decimal {
	if !total.IsPositive() || refunded.GreaterThanOrEqual(total) {
		return decimal.Zero
	}
	return original.Mul(total.Sub(refunded)).DivRound(total, 12).Round(2)
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
