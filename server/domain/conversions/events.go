package conversions

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/webhooks"
	"github.com/openaffiliate/platform/server/platform/amount"
)

// eventOf is a conversion as the webhook events tell it.
func eventOf(c queries.Conversion) webhooks.Conversion {
	e := webhooks.Conversion{
		ID: c.ID, OrderID: c.OrderID, Kind: c.Kind, Status: c.Status, Source: c.Source, Attribution: c.Attribution,
		OrderTotal: amount.Format(c.OrderTotal), RefundedAmount: amount.Format(c.RefundedAmount), Currency: c.Currency,
		CommissionAmount: amount.Format(c.CommissionAmount), CommissionCurrency: c.CommissionCurrency, ConvertedAt: c.ConvertedAt,
	}
	e.CampaignID, e.AffiliateID = optionalID(c.CampaignID), optionalID(c.AffiliateID)
	return e
}

func optionalID(id uuid.NullUUID) *uuid.UUID {
	if !id.Valid {
		return nil
	}
	return &id.UUID
}

// emitCreated writes conversion.created for a stored order, in its transaction. In a group, the
// brand's subscribed endpoints are read once for the whole group.
func (s *Service) emitCreated(ctx context.Context, db queries.DBTX, r queries.RecordConversionRow) error {
	if s.events == nil {
		return nil
	}
	if g, grouped := db.(groupDB); grouped {
		endpoints, known := g.endpoints[r.BrandID]
		if !known {
			// The group's first order of the brand reads them, with the statements it queued (one
			// round trip).
			var err error
			if endpoints, err = s.events.Subscribed(ctx, g, r.BrandID, webhooks.ConversionCreated); err != nil {
				return err
			}
			g.endpoints[r.BrandID] = endpoints
		}
		if len(endpoints) == 0 {
			return nil
		}
		// The group's queued statements go first, so the event follows them in its transaction.
		if err := g.flush(); err != nil {
			return err
		}
		return s.events.EmitTo(ctx, g.tx, r.BrandID, endpoints, webhooks.ConversionCreated, createdEvent(r))
	}
	tx, ok := db.(pgx.Tx)
	if !ok {
		return errors.New("conversions: a stored order's event needs its transaction")
	}
	return s.events.Emit(ctx, tx, r.BrandID, webhooks.ConversionCreated, createdEvent(r))
}

// createdEvent is conversion.created's payload for a conversion just stored.
func createdEvent(r queries.RecordConversionRow) webhooks.Conversion {
	return eventOf(queries.Conversion{
		ID: r.ID, OrderID: r.OrderID, Kind: r.Kind, Status: r.Status, Source: r.Source, Attribution: r.Attribution,
		CampaignID: r.CampaignID, AffiliateID: r.AffiliateID, OrderTotal: r.OrderTotal, RefundedAmount: r.RefundedAmount,
		Currency: r.Currency, CommissionAmount: r.CommissionAmount, CommissionCurrency: r.CommissionCurrency, ConvertedAt: r.ConvertedAt,
	})
}

// emitStatus writes conversion.status_changed for a conversion that was c, now in status with
// commission and refunded, in the change's transaction.
func (s *Service) emitStatus(ctx context.Context, tx pgx.Tx, c queries.Conversion, change, status string, commission, refunded decimal.Decimal) error {
	e := eventOf(c)
	e.Change, e.PreviousStatus, e.Status = change, c.Status, status
	e.CommissionAmount, e.RefundedAmount = amount.Format(commission), amount.Format(refunded)
	return s.events.Emit(ctx, tx, c.BrandID, webhooks.ConversionStatusChanged, e)
}
