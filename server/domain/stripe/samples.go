package stripe

import _ "embed"

// The recorded events the tests and the integration page's test event use, shaped as Stripe's
// API version 2025-08-27.basil delivers them (ids, amounts in minor units, Unix times, many fields
// the platform ignores). Their times and click ids are replaced where a test needs others.
var (
	// SampleCheckoutPayment is checkout.session.completed of a paid session in payment mode:
	// 236.81 RON (199.00 and 37.81 VAT), its click id in client_reference_id.
	//
	//go:embed samples/checkout-session-completed-payment.json
	SampleCheckoutPayment []byte
	// SampleCheckoutSubscription is checkout.session.completed of a session in subscription mode
	// (49.00 RON a month), its click id in client_reference_id.
	//
	//go:embed samples/checkout-session-completed-subscription.json
	SampleCheckoutSubscription []byte
	// SampleInvoicePaid is invoice.paid of that subscription's first invoice (billing_reason
	// subscription_create), one line of a price of a product.
	//
	//go:embed samples/invoice-paid.json
	SampleInvoicePaid []byte
	// SampleInvoicePaymentPaid is invoice_payment.paid: the PaymentIntent that paid the invoice.
	//
	//go:embed samples/invoice-payment-paid.json
	SampleInvoicePaymentPaid []byte
	// SampleChargeRefunded is charge.refunded of the payment-mode session's charge, half refunded.
	//
	//go:embed samples/charge-refunded.json
	SampleChargeRefunded []byte
	// SampleDisputeClosed is charge.dispute.closed of that charge, lost.
	//
	//go:embed samples/charge-dispute-closed.json
	SampleDisputeClosed []byte
)
