package analytics

import (
	"context"
	"io"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/platform/amount"
	"github.com/openaffiliate/platform/server/platform/csvfile"
	"github.com/openaffiliate/platform/server/platform/daterange"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// linkDaysHeader names the clicks report's columns.
var linkDaysHeader = []string{
	"day", "link_id", "link_code", "brand", "campaign", "affiliate",
	"clicks", "unique_clicks", "conversions", "conversion_rate",
}

// LinkDays writes the clicks summary the scope may see as CSV: one row per day and tracking link
// with activity in the range, from the per-link rollups, oldest day first, from one snapshot.
func (s *Service) LinkDays(ctx context.Context, sc tenancy.Scope, f Filter, r daterange.Range, w io.Writer) error {
	if _, err := s.Fold(ctx); err != nil {
		return err
	}
	brand, affiliate := sc.Memberships()
	return csvfile.Snapshot(ctx, s.pool, func(tx pgx.Tx) error {
		next := func(last *queries.ReportLinkDaysRow) ([]queries.ReportLinkDaysRow, error) {
			p := queries.ReportLinkDaysParams{
				FirstDay: r.First, LastDay: r.Last, AfterDay: r.First.AddDate(0, 0, -1),
				BrandID: brand, AffiliateID: affiliate, BrandFilter: f.BrandID,
				CampaignFilter: f.CampaignID, AffiliateFilter: f.AffiliateID, MaxRows: csvfile.PageSize,
			}
			if last != nil {
				p.AfterDay, p.AfterCampaign, p.AfterAffiliate, p.AfterLink = last.Day, last.CampaignID, last.AffiliateID, last.LinkID
			}
			return s.q.ReportLinkDays(ctx, tx, p)
		}
		return csvfile.Stream(w, linkDaysHeader, next, func(row queries.ReportLinkDaysRow) []string {
			link := ""
			if row.LinkID != uuid.Nil {
				link = row.LinkID.String()
			}
			// A row with a link holds that link's conversions; the row without one, the codes'.
			t := Totals{Clicks: row.Clicks, Conversions: row.Conversions}
			if row.LinkID != uuid.Nil {
				t.LinkConversions = row.Conversions
			}
			return []string{
				row.Day.Format(time.DateOnly), link, row.LinkCode, row.BrandName, row.CampaignName, row.AffiliateName,
				strconv.FormatInt(row.Clicks, 10), strconv.FormatInt(row.UniqueClicks, 10),
				strconv.FormatInt(row.Conversions, 10), amount.Format(t.ConversionRate()),
			}
		})
	})
}
