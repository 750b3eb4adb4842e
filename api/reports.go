package api

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/analytics"
	"github.com/openaffiliate/platform/server/domain/conversions"
	"github.com/openaffiliate/platform/server/platform/daterange"
)

// reportName is a report's file name, with its range: conversions-2026-01-01-2026-03-31.csv.
func reportName(kind string, r daterange.Range) string {
	return fmt.Sprintf(`attachment; filename="%s-%s-%s.csv"`, kind, r.First.Format(time.DateOnly), r.Last.Format(time.DateOnly))
}

// streamed runs write into a pipe read by the response, so rows go out as they are read.
func streamed(write func(w io.Writer) error) io.Reader {
	r, w := io.Pipe()
	go func() { w.CloseWithError(write(w)) }()
	return r
}

// ReportConversions answers the conversions of a range as CSV, streamed.
func (s *Server) ReportConversions(ctx context.Context, req oapi.ReportConversionsRequestObject) (oapi.ReportConversionsResponseObject, error) {
	q := req.Params
	r, err := s.statsRange((*string)(q.Range), q.From, q.To)
	if err != nil {
		return nil, err
	}
	f := conversions.ReportFilter{
		Since: r.Since(), Before: r.Before(), BrandID: someUUID(q.BrandId),
		CampaignID: someUUID(q.CampaignId), AffiliateID: someUUID(q.AffiliateId),
	}
	if q.Status != nil {
		f.Status = string(*q.Status)
	}
	sc := scope(ctx)
	disposition := reportName("conversions", r)
	return oapi.ReportConversions200TextcsvCharsetUtf8Response{
		Body:    streamed(func(w io.Writer) error { return s.Conversions.Report(ctx, sc, f, w) }),
		Headers: oapi.ReportConversions200ResponseHeaders{ContentDisposition: &disposition},
	}, nil
}

// ReportClicks answers clicks per day and tracking link for a range as CSV, streamed.
func (s *Server) ReportClicks(ctx context.Context, req oapi.ReportClicksRequestObject) (oapi.ReportClicksResponseObject, error) {
	q := req.Params
	r, err := s.statsRange((*string)(q.Range), q.From, q.To)
	if err != nil {
		return nil, err
	}
	f := analytics.Filter{BrandID: someUUID(q.BrandId), CampaignID: someUUID(q.CampaignId), AffiliateID: someUUID(q.AffiliateId)}
	sc := scope(ctx)
	disposition := reportName("clicks", r)
	return oapi.ReportClicks200TextcsvCharsetUtf8Response{
		Body:    streamed(func(w io.Writer) error { return s.Analytics.LinkDays(ctx, sc, f, r, w) }),
		Headers: oapi.ReportClicks200ResponseHeaders{ContentDisposition: &disposition},
	}, nil
}
