package api

import (
	"context"
	"io"

	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/payouts"
	"github.com/openaffiliate/platform/server/platform/apierror"
)

// ListPayouts answers a page of the payouts the caller may see.
func (s *Server) ListPayouts(ctx context.Context, req oapi.ListPayoutsRequestObject) (oapi.ListPayoutsResponseObject, error) {
	q := req.Params
	f := payouts.Filter{AffiliateID: someUUID(q.AffiliateId)}
	if q.Status != nil {
		f.Status = string(*q.Status)
	}
	p := sortedPage(nil, q.Limit, q.Offset, q.Sort, q.Order)
	list, total, err := s.Payouts.List(ctx, scope(ctx), f, p)
	if err != nil {
		return nil, err
	}
	limit, offset := pageInfo(p)
	return oapi.ListPayouts200JSONResponse(payoutList(list, total, limit, offset)), nil
}

// ListPayableCommissions answers what a payout run would pay now.
func (s *Server) ListPayableCommissions(ctx context.Context, req oapi.ListPayableCommissionsRequestObject) (oapi.ListPayableCommissionsResponseObject, error) {
	minimum := decimal.Zero
	if m := req.Params.MinimumAmount; m != nil {
		d, err := decimal.NewFromString(*m)
		if err != nil {
			return nil, apierror.Invalid("minimum_amount", "decimal", "The minimum is not an amount")
		}
		minimum = d
	}
	p := pageOf(nil, req.Params.Limit, req.Params.Offset)
	rows, total, err := s.Payouts.Payable(ctx, scope(ctx), minimum, p)
	if err != nil {
		return nil, err
	}
	resp := oapi.ListPayableCommissions200JSONResponse{Success: true}
	resp.Data.Total = total
	resp.Data.Limit, resp.Data.Offset = pageInfo(p)
	resp.Data.Payable = make([]oapi.Payable, len(rows))
	for i, r := range rows {
		resp.Data.Payable[i] = payableOf(r)
	}
	return resp, nil
}

// GeneratePayouts groups confirmed, unpaid commissions into pending payouts.
func (s *Server) GeneratePayouts(ctx context.Context, req oapi.GeneratePayoutsRequestObject) (oapi.GeneratePayoutsResponseObject, error) {
	b := req.Body
	run := payouts.Run{BrandID: someUUID(b.BrandId), AffiliateID: someUUID(b.AffiliateId)}
	if b.MinimumAmount != nil {
		minimum, err := b.MinimumAmount.Decimal()
		if err != nil {
			return nil, apierror.Invalid("minimum_amount", "decimal", "The minimum is not an amount")
		}
		run.Minimum = minimum
	}
	list, skipped, err := s.Payouts.Generate(ctx, scope(ctx), run)
	if err != nil {
		return nil, err
	}
	resp := oapi.GeneratePayouts200JSONResponse{Success: true}
	page := payoutList(list, len(list), len(list), 0)
	resp.Data.Payouts, resp.Data.Total, resp.Data.Limit, resp.Data.Offset = page.Data.Payouts, page.Data.Total, page.Data.Limit, page.Data.Offset
	resp.Data.Skipped = make([]oapi.PayoutSkipped, len(skipped))
	for i, k := range skipped {
		resp.Data.Skipped[i] = payoutSkippedOf(k)
	}
	return resp, nil
}

// GetPayout answers one payout the caller may see.
func (s *Server) GetPayout(ctx context.Context, req oapi.GetPayoutRequestObject) (oapi.GetPayoutResponseObject, error) {
	p, err := s.Payouts.Get(ctx, scope(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	return oapi.GetPayout200JSONResponse(payoutResponse(p)), nil
}

// PayPayout marks a pending payout paid.
func (s *Server) PayPayout(ctx context.Context, req oapi.PayPayoutRequestObject) (oapi.PayPayoutResponseObject, error) {
	p, err := s.Payouts.Pay(ctx, scope(ctx), req.Id, req.Body.Reference)
	if err != nil {
		return nil, err
	}
	return oapi.PayPayout200JSONResponse(payoutResponse(p)), nil
}

// CancelPayout cancels a pending payout.
func (s *Server) CancelPayout(ctx context.Context, req oapi.CancelPayoutRequestObject) (oapi.CancelPayoutResponseObject, error) {
	if err := s.Payouts.Cancel(ctx, scope(ctx), req.Id); err != nil {
		return nil, err
	}
	return oapi.CancelPayout200JSONResponse{Success: true, Message: "Payout cancelled"}, nil
}

// ExportPayouts streams the payouts the caller may see as CSV.
func (s *Server) ExportPayouts(ctx context.Context, req oapi.ExportPayoutsRequestObject) (oapi.ExportPayoutsResponseObject, error) {
	q := req.Params
	f := payouts.Filter{}
	if q.Status != nil {
		f.Status = string(*q.Status)
	}
	since, before, err := s.listWindow(nil, q.From, q.To)
	if err != nil {
		return nil, err
	}
	f.Since, f.Before = since, before
	sc := scope(ctx)
	body := streamed(func(w io.Writer) error { return s.Payouts.Export(ctx, sc, f, w) })
	disposition := `attachment; filename="payouts.csv"`
	return oapi.ExportPayouts200TextcsvCharsetUtf8Response{Body: body, Headers: oapi.ExportPayouts200ResponseHeaders{ContentDisposition: &disposition}}, nil
}
