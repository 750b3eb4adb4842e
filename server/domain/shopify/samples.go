package shopify

import _ "embed"

// SampleOrder is an orders/create body shaped like Shopify's (numbers as strings, 13-digit ids,
// many fields the platform ignores), for tests and for a brand's "send a test order".
//
//go:embed samples/orders-create.json
var SampleOrder []byte

// SampleRefund is a refunds/create body for SampleOrder: half of it refunded, plus a failed
// transaction that does not count.
//
//go:embed samples/refunds-create.json
var SampleRefund []byte
