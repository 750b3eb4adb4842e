package conversions

import (
	"context"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/notify"
	"github.com/openaffiliate/platform/server/platform/amount"
)

// notices gathers what a batch of decisions tells affiliates: one notification per affiliate,
// brand, kind and currency, saying how many conversions and how much commission.
type notices map[noticeKey]*noticeSum

type noticeKey struct {
	affiliate, brand uuid.UUID
	kind, currency   string
}

type noticeSum struct {
	count    int
	amount   decimal.Decimal
	orderID  string
	entityID string
}

// add counts a conversion an affiliate hears about; amount is the commission it concerns.
func (n notices) add(c queries.Conversion, kind string, amount decimal.Decimal) {
	if !c.AffiliateID.Valid {
		return
	}
	k := noticeKey{affiliate: c.AffiliateID.UUID, brand: c.BrandID, kind: kind, currency: c.CommissionCurrency}
	sum, ok := n[k]
	if !ok {
		sum = &noticeSum{}
		n[k] = sum
	}
	sum.count++
	sum.amount = sum.amount.Add(amount)
	sum.orderID, sum.entityID = c.OrderID, c.ID.String()
}

// send writes the notifications in db, the transaction of the decisions.
func (n notices) send(ctx context.Context, db queries.DBTX) error {
	for k, sum := range n {
		p := notify.Params{Count: sum.count, Amount: amount.Format(sum.amount), Currency: k.currency}
		entityType, entityID := "", ""
		if sum.count == 1 {
			p.OrderID, entityType, entityID = sum.orderID, "conversion", sum.entityID
		}
		if err := notify.Send(ctx, db, nil, notify.Notice{ // confirmations are mailed as a daily digest (server/domain/email)
			AffiliateID: k.affiliate, BrandID: uuid.NullUUID{UUID: k.brand, Valid: true}, Kind: k.kind, Params: p,
			EntityType: entityType, EntityID: entityID,
		}); err != nil {
			return err
		}
	}
	return nil
}

// noticeOf is the notification kind of a decision.
var noticeOf = map[string]string{Confirm: notify.ConversionsConfirmed, Reject: notify.ConversionsRejected, Reverse: notify.ConversionReversed}
