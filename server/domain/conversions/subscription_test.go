package conversions_test

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"github.com/openaffiliate/platform/server/domain/conversions"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// TestRenewalStopsWhileTheFirstPaymentIsRejected: a renewal earns for the subscription's affiliate
// while its first payment stands; rejected or reversed, the renewal is attributed with nothing and
// says why; the first payment restored (confirmed after its rejection), renewals earn again.
func TestRenewalStopsWhileTheFirstPaymentIsRejected(t *testing.T) {
	p := newProgram(t, tenPercentRON)
	exec(t, `UPDATE campaigns SET recurring = 'lifetime' WHERE id = $1`, p.campaign)
	sale := order("SUB-1")
	sale.DiscountCode, sale.SubscriptionID = p.codeText, "sub-1"
	first := ingest(t, p.brand, sale)
	renew := func(id string) conversions.Conversion {
		o := order(id)
		o.Kind, o.SubscriptionID, o.CustomerEmail = conversions.KindRenewal, "sub-1", "renewer@example.com"
		return ingest(t, p.brand, o)
	}
	want := func(c conversions.Conversion, commission, note string) {
		t.Helper()
		if c.AffiliateID.UUID != p.affiliate || c.CommissionAmount.StringFixed(2) != commission || c.CommissionNote != note {
			t.Errorf("%s: %s %s %q; want %s %q", c.OrderID, c.AffiliateID.UUID, c.CommissionAmount.StringFixed(2), c.CommissionNote, commission, note)
		}
	}
	brand := tenancy.Brand(uuid.Nil, p.brand)
	review := func(decision string) {
		t.Helper()
		if _, err := service().Review(context.Background(), brand, []uuid.UUID{first.ID}, decision, "checked"); err != nil {
			t.Fatalf("%s: %v", decision, err)
		}
	}
	want(renew("SUB-2"), "10.00", "")
	review(conversions.Reject)
	want(renew("SUB-3"), "0.00", conversions.NoteFirstRejected)
	review(conversions.Confirm)
	want(renew("SUB-4"), "10.00", "")
	review(conversions.Reverse)
	want(renew("SUB-5"), "0.00", conversions.NoteFirstReversed)
}

// TestRefundOfARejectedConversion: a refund of a rejected conversion scales its commission and
// keeps it rejected, so that restored (confirmed) it earns only on what is left of the order; all
// of it refunded, it is restored with nothing.
func TestRefundOfARejectedConversion(t *testing.T) {
	p := newProgram(t, tenPercentRON)
	brand := tenancy.Brand(uuid.Nil, p.brand)
	for _, tc := range []struct {
		id, refunded string
		cancelled    bool
		commission   string
	}{
		{"RJ-1", "50.00", false, "5.00"},
		{"RJ-2", "", true, "0.00"},
	} {
		c := attributed(t, p, tc.id, "rejected")
		tx, err := pool.Begin(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		args := conversions.RefundArgs{OrderID: tc.id, Cancelled: tc.cancelled, Key: "test:" + tc.id, Source: "test"}
		if !tc.cancelled {
			args.Amount = dec(tc.refunded)
		}
		outcome, err := service().Refund(context.Background(), tx, brand, args)
		if err != nil || tx.Commit(context.Background()) != nil {
			t.Fatalf("%s: %v", tc.id, err)
		}
		got, err := service().Get(context.Background(), brand, c.ID)
		if err != nil || outcome != conversions.RefundApplied || got.Status != conversions.StatusRejected || got.CommissionAmount.StringFixed(2) != tc.commission {
			t.Fatalf("%s refunded while rejected: %s, %s %s, %v", tc.id, outcome, got.Status, got.CommissionAmount, err)
		}
		restored, err := service().Review(context.Background(), brand, []uuid.UUID{c.ID}, conversions.Confirm, "restored")
		if err != nil || restored[0].Status != conversions.StatusConfirmed || restored[0].CommissionAmount.StringFixed(2) != tc.commission {
			t.Fatalf("%s restored: %+v, %v", tc.id, restored, err)
		}
	}
}
