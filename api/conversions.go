package api

import (
	"context"

	"github.com/google/uuid"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/brands"
	"github.com/openaffiliate/platform/server/domain/conversions"
	"github.com/openaffiliate/platform/server/domain/shopify"
	"github.com/openaffiliate/platform/server/domain/stripe"
	"github.com/openaffiliate/platform/server/domain/woocommerce"
	"github.com/openaffiliate/platform/server/platform/amount"
	"github.com/openaffiliate/platform/server/platform/apierror"
)

// ProcessConversion stores an order the caller brand reports: 201 the first time, 200 after.
func (s *Server) ProcessConversion(ctx context.Context, req oapi.ProcessConversionRequestObject) (oapi.ProcessConversionResponseObject, error) {
	b := req.Body
	total, err := b.OrderTotal.Decimal()
	if err != nil {
		return nil, apierror.Invalid("order_total", "decimal", "The order total is not a number")
	}
	o := conversions.Order{
		OrderID: b.OrderId, Total: total, Currency: b.Currency, CustomerEmail: deref(b.CustomerEmail),
		ClickID: deref(b.ClickId), DiscountCode: deref(b.DiscountCode), ConvertedAt: b.ConvertedAt,
		SubscriptionID: deref(b.SubscriptionId), CustomerID: deref(b.CustomerId),
	}
	if b.Kind != nil {
		o.Kind = string(*b.Kind)
	}
	if o.Lines, err = orderLines(b.Lines); err != nil {
		return nil, err
	}
	c, created, err := s.Conversions.Process(ctx, scope(ctx), o)
	if err != nil {
		return nil, err
	}
	if created {
		return oapi.ProcessConversion201JSONResponse(conversionResponse(c)), nil
	}
	return oapi.ProcessConversion200JSONResponse(conversionResponse(c)), nil
}

// GetConversion answers one conversion the caller may see.
func (s *Server) GetConversion(ctx context.Context, req oapi.GetConversionRequestObject) (oapi.GetConversionResponseObject, error) {
	c, err := s.Conversions.Get(ctx, scope(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	return oapi.GetConversion200JSONResponse(conversionResponse(c)), nil
}

// ListConversions answers a page of the conversions the caller may see.
func (s *Server) ListConversions(ctx context.Context, req oapi.ListConversionsRequestObject) (oapi.ListConversionsResponseObject, error) {
	q := req.Params
	f := conversions.Filter{}
	if q.Status != nil {
		f.Status = string(*q.Status)
	}
	if q.CampaignId != nil {
		f.CampaignID = uuid.NullUUID{UUID: *q.CampaignId, Valid: true}
	}
	if q.AffiliateId != nil {
		f.AffiliateID = uuid.NullUUID{UUID: *q.AffiliateId, Valid: true}
	}
	// A preset is the analytics' days (server/platform/daterange), so the list's counted equals the dashboard's
	// conversions.
	since, before, err := s.listWindow((*string)(q.Range), q.From, q.To)
	if err != nil {
		return nil, err
	}
	f.Since, f.Before = since, before
	p := sortedPage(q.Query, q.Limit, q.Offset, q.Sort, q.Order)
	list, err := s.Conversions.List(ctx, scope(ctx), f, p)
	if err != nil {
		return nil, err
	}
	resp := oapi.ListConversions200JSONResponse{Success: true}
	resp.Data.Conversions = make([]oapi.Conversion, len(list.Conversions))
	for i, c := range list.Conversions {
		resp.Data.Conversions[i] = conversionOf(c)
	}
	resp.Data.Total, resp.Data.Counted = list.Total, list.Counted
	resp.Data.Limit, resp.Data.Offset = pageInfo(p)
	return resp, nil
}

type rawBodyKey struct{}

// WithRawBody keeps a request's body as it arrived (set by the server's middleware for signed
// webhooks, whose signature covers the exact bytes).
func WithRawBody(ctx context.Context, body []byte) context.Context {
	return context.WithValue(ctx, rawBodyKey{}, body)
}

func rawBody(ctx context.Context) []byte {
	b, _ := ctx.Value(rawBodyKey{}).([]byte)
	return b
}

// ReceiveShopifyWebhook checks and applies a brand's Shopify webhook.
func (s *Server) ReceiveShopifyWebhook(ctx context.Context, req oapi.ReceiveShopifyWebhookRequestObject) (oapi.ReceiveShopifyWebhookResponseObject, error) {
	p := req.Params
	r, err := s.Shopify.Receive(ctx, shopify.Delivery{
		PublicID: req.PublicId, Topic: deref(p.XShopifyTopic), WebhookID: deref(p.XShopifyWebhookId),
		Signature: deref(p.XShopifyHmacSha256), Body: rawBody(ctx),
	})
	if err != nil {
		return nil, err
	}
	resp := oapi.ReceiveShopifyWebhook200JSONResponse{Success: true}
	resp.Data.Result = oapi.ShopifyWebhookResponseDataResult(r.Outcome)
	if r.Conversion != nil {
		c := conversionOf(*r.Conversion)
		resp.Data.Conversion = &c
	}
	return resp, nil
}

// ReceiveWooCommerceWebhook checks and applies a brand's WooCommerce webhook (or answers its ping).
func (s *Server) ReceiveWooCommerceWebhook(ctx context.Context, req oapi.ReceiveWooCommerceWebhookRequestObject) (oapi.ReceiveWooCommerceWebhookResponseObject, error) {
	p := req.Params
	r, err := s.WooCommerce.Receive(ctx, woocommerce.Delivery{
		PublicID: req.PublicId, Topic: deref(p.XWCWebhookTopic),
		Signature: deref(p.XWCWebhookSignature), Body: rawBody(ctx),
	})
	if err != nil {
		return nil, err
	}
	resp := oapi.ReceiveWooCommerceWebhook200JSONResponse{Success: true}
	resp.Data.Result = oapi.WooCommerceWebhookResponseDataResult(r.Outcome)
	if r.Conversion != nil {
		c := conversionOf(*r.Conversion)
		resp.Data.Conversion = &c
	}
	return resp, nil
}

// ReceiveStripeWebhook checks and applies an event of a brand's Stripe endpoint.
func (s *Server) ReceiveStripeWebhook(ctx context.Context, req oapi.ReceiveStripeWebhookRequestObject) (oapi.ReceiveStripeWebhookResponseObject, error) {
	r, err := s.Stripe.Receive(ctx, stripe.Delivery{PublicID: req.PublicId, Signature: deref(req.Params.StripeSignature), Body: rawBody(ctx)})
	if err != nil {
		return nil, err
	}
	resp := oapi.ReceiveStripeWebhook200JSONResponse{Success: true}
	resp.Data.Result = oapi.StripeWebhookResponseDataResult(r.Outcome)
	if r.Conversion != nil {
		c := conversionOf(*r.Conversion)
		resp.Data.Conversion = &c
	}
	return resp, nil
}

// ReviewConversions confirms, rejects or reverses conversions, all or none.
func (s *Server) ReviewConversions(ctx context.Context, req oapi.ReviewConversionsRequestObject) (oapi.ReviewConversionsResponseObject, error) {
	b := req.Body
	list, err := s.Conversions.Review(ctx, scope(ctx), b.ConversionIds, string(b.Decision), deref(b.Reason))
	if err != nil {
		return nil, err
	}
	resp := oapi.ReviewConversions200JSONResponse{Success: true}
	resp.Data.Conversions = make([]oapi.Conversion, len(list))
	for i, c := range list {
		resp.Data.Conversions[i] = conversionOf(c)
	}
	resp.Data.Total, resp.Data.Limit = len(list), len(list)
	return resp, nil
}

// AdjustConversionCommission sets a conversion's commission by hand.
func (s *Server) AdjustConversionCommission(ctx context.Context, req oapi.AdjustConversionCommissionRequestObject) (oapi.AdjustConversionCommissionResponseObject, error) {
	amount, err := req.Body.CommissionAmount.Decimal()
	if err != nil {
		return nil, apierror.Invalid("commission_amount", "decimal", "The commission is not a number")
	}
	c, err := s.Conversions.Adjust(ctx, scope(ctx), req.Id, amount, req.Body.Reason)
	if err != nil {
		return nil, err
	}
	return oapi.AdjustConversionCommission200JSONResponse(conversionResponse(c)), nil
}

// DeleteConversion deletes a conversion (host only).
func (s *Server) DeleteConversion(ctx context.Context, req oapi.DeleteConversionRequestObject) (oapi.DeleteConversionResponseObject, error) {
	h, err := hostScope(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.Conversions.Delete(ctx, h, req.Id, ""); err != nil {
		return nil, err
	}
	return oapi.DeleteConversion200JSONResponse{Success: true, Message: "Conversion deleted"}, nil
}

// GetEarnings answers the commission totals the caller may see, per currency.
func (s *Server) GetEarnings(ctx context.Context, _ oapi.GetEarningsRequestObject) (oapi.GetEarningsResponseObject, error) {
	rows, err := s.Conversions.EarningsOf(ctx, scope(ctx))
	if err != nil {
		return nil, err
	}
	resp := oapi.GetEarnings200JSONResponse{Success: true}
	resp.Data.Earnings = make([]oapi.Earnings, len(rows))
	for i, r := range rows {
		resp.Data.Earnings[i] = earningsOf(r)
	}
	return resp, nil
}

// SendShopifyTestOrder sends a signed sample order to the caller brand's own webhook.
func (s *Server) SendShopifyTestOrder(ctx context.Context, _ oapi.SendShopifyTestOrderRequestObject) (oapi.SendShopifyTestOrderResponseObject, error) {
	d, err := s.Shopify.SendTest(ctx, scope(ctx))
	if err != nil {
		return nil, err
	}
	resp := oapi.SendShopifyTestOrder200JSONResponse{Success: true}
	resp.Data.Result = d.Result.Outcome
	resp.Data.WebhookUrl = brands.ShopifyWebhookURL(s.PublicURL, d.PublicID)
	resp.Data.Topic = d.Topic
	resp.Data.OrderId = d.Order.ID
	resp.Data.TotalPrice = amount.Format(d.Order.TotalPrice)
	resp.Data.Currency = d.Order.Currency
	if len(d.Order.DiscountCodes) > 0 {
		resp.Data.DiscountCode = d.Order.DiscountCodes[0]
	}
	resp.Data.SignatureChecked = true
	return resp, nil
}

// SendStripeTestEvent signs a sample Stripe event with the caller brand's Stripe signing secret
// and checks it as its endpoint would.
func (s *Server) SendStripeTestEvent(ctx context.Context, _ oapi.SendStripeTestEventRequestObject) (oapi.SendStripeTestEventResponseObject, error) {
	d, err := s.Stripe.SendTest(ctx, scope(ctx))
	if err != nil {
		return nil, err
	}
	resp := oapi.SendStripeTestEvent200JSONResponse{Success: true}
	resp.Data.Result = d.Outcome
	resp.Data.WebhookUrl = brands.StripeWebhookURL(s.PublicURL, d.PublicID)
	resp.Data.EventType, resp.Data.EventId = d.EventType, d.EventID
	resp.Data.OrderId = d.Session.Sale.OrderID
	resp.Data.Amount = amount.Format(d.Session.Sale.Total)
	resp.Data.Currency = d.Session.Sale.Currency
	resp.Data.SignatureChecked = true
	return resp, nil
}
