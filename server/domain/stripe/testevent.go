package stripe

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// TestDelivery is what a brand's test event did.
type TestDelivery struct {
	Outcome, EventType, EventID string
	Session                     Session
	// PublicID is the brand's, for the endpoint's URL.
	PublicID string
}

// SendTest signs the sample paid Checkout Session (with fresh ids) with the brand's saved Stripe
// signing secret, as Stripe signs an event (stripe-go's GenerateTestSignedPayload), and checks it
// as a delivery from Stripe is checked: the signature verified and the session read. The test
// event stores nothing. The brand is the scope's; any other is refused.
func (s *Service) SendTest(ctx context.Context, sc tenancy.Scope) (TestDelivery, error) {
	brandID, ok := sc.BrandID()
	if !ok {
		return TestDelivery{}, apierror.Forbidden("Only a brand sends itself a test event")
	}
	b, err := s.q.BrandStripeByID(ctx, s.pool, brandID)
	if err != nil {
		return TestDelivery{}, err
	}
	if b.StripeSecret == "" {
		return TestDelivery{}, apierror.Invalid("stripe_secret", "required", "Save your Stripe endpoint's signing secret first")
	}
	suffix := "test" + strconv.FormatInt(time.Now().UnixNano(), 36)
	body := []byte(strings.NewReplacer(
		`"evt_1SXqKc2eZvKYlo2CkD9Rb7xa"`, `"evt_`+suffix+`"`,
		`"pi_3SXqKa2eZvKYlo2C0Vd3mTqH"`, `"pi_`+suffix+`"`,
		`"livemode": true`, `"livemode": false`,
	).Replace(string(SampleCheckoutPayment)))
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: b.StripeSecret, Timestamp: s.now()})
	d := Delivery{PublicID: b.PublicID, Signature: signed.Header, Body: signed.Payload}
	_, e, err := s.verify(ctx, d)
	if err != nil {
		return TestDelivery{}, err
	}
	session, err := ParseSession(e)
	if err != nil {
		return TestDelivery{}, err
	}
	return TestDelivery{Outcome: TestEvent, EventType: string(e.Type), EventID: e.ID, Session: session, PublicID: b.PublicID}, nil
}
