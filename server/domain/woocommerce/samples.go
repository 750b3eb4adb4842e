package woocommerce

import _ "embed"

// SampleOrder is an order.created body shaped as WooCommerce's REST API v3 order object (ids as
// numbers, amounts as strings, times without an offset, many fields the platform ignores): an
// order processing, with a coupon, its click id in meta_data, tax and shipping, and no refunds.
//
//go:embed samples/order-processing.json
var SampleOrder []byte
