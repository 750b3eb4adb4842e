package conversions

import (
	"context"
	"errors"
	"maps"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/activity"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// FlagPaymentDisputed is the flag of a conversion whose payment the customer disputes with the bank.
const FlagPaymentDisputed = "payment_disputed"

// HoldForDispute flags the brand's pending conversion of orderID while its payment is disputed,
// so it waits for the brand's decision (or the dispute's end) instead of being confirmed when
// its holding period passes; a conversion past pending keeps its status. Either way the dispute
// is written to the conversion's activity (details). It answers false when the order is not
// stored. Call it in the transaction that takes the dispute's event.
func (s *Service) HoldForDispute(ctx context.Context, tx pgx.Tx, sc tenancy.Scope, orderID string, details map[string]any) (bool, error) {
	c, found, err := s.lockDisputed(ctx, tx, sc, orderID)
	if err != nil || !found {
		return false, err
	}
	if c.Status == StatusPending {
		if err := s.q.SetConversionHold(ctx, tx, queries.SetConversionHoldParams{ID: c.ID, Status: StatusFlagged, FlagReason: FlagPaymentDisputed}); err != nil {
			return false, err
		}
	}
	d := maps.Clone(details)
	d["status_before"] = c.Status
	return true, activity.Log(ctx, tx, uuid.Nil, activity.ConversionDisputed, c.ID.String(), d)
}

// EndDispute returns a conversion that HoldForDispute flagged to pending once the dispute is
// won; one a person decided meanwhile is left as it is. It answers false when the order is not stored.
func (s *Service) EndDispute(ctx context.Context, tx pgx.Tx, sc tenancy.Scope, orderID string, details map[string]any) (bool, error) {
	c, found, err := s.lockDisputed(ctx, tx, sc, orderID)
	if err != nil || !found {
		return false, err
	}
	if c.Status != StatusFlagged || c.FlagReason != FlagPaymentDisputed {
		return true, nil
	}
	if err := s.q.SetConversionHold(ctx, tx, queries.SetConversionHoldParams{ID: c.ID, Status: StatusPending, FlagReason: ""}); err != nil {
		return false, err
	}
	return true, activity.Log(ctx, tx, uuid.Nil, activity.ConversionDisputeWon, c.ID.String(), details)
}

// lockDisputed locks the brand's conversion of orderID, as Refund does.
func (s *Service) lockDisputed(ctx context.Context, tx pgx.Tx, sc tenancy.Scope, orderID string) (queries.Conversion, bool, error) {
	brandID, ok := sc.BrandID()
	if !ok {
		return queries.Conversion{}, false, apierror.Forbidden("Only a brand reports its disputes")
	}
	if err := s.q.LockOrderID(ctx, tx, queries.LockOrderIDParams{BrandID: brandID, OrderID: orderID}); err != nil {
		return queries.Conversion{}, false, err
	}
	c, err := s.q.LockConversionByOrder(ctx, tx, queries.LockConversionByOrderParams{BrandID: brandID, OrderID: orderID})
	if errors.Is(err, pgx.ErrNoRows) {
		return queries.Conversion{}, false, nil
	}
	return c, err == nil, err
}
