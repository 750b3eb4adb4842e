package catalogue

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/openaffiliate/platform/gen/queries"
)

// Counts are how many of each entity the platform holds.
type Counts = queries.CountEntitiesRow

// Summary counts every entity (host only).
func (s *Service) Summary(ctx context.Context) (Counts, error) {
	return s.q.CountEntities(ctx, s.pool)
}

// ExportEntities are the entities ExportCSV writes.
var ExportEntities = []string{"users", "brands", "affiliates", "campaigns", "applications"}

// ExportCSV writes every row of one entity as CSV with a header; secrets and hashes are left out.
func (s *Service) ExportCSV(ctx context.Context, entity string, out io.Writer) error {
	w := csv.NewWriter(out)
	var rows [][]string
	switch entity {
	case "users":
		rs, err := s.q.ExportUsers(ctx, s.pool)
		if err != nil {
			return err
		}
		rows = append(rows, []string{"id", "email", "first_name", "last_name", "company_name", "account_type", "is_verified", "created_at"})
		for _, r := range rs {
			rows = append(rows, []string{r.ID.String(), r.Email, r.FirstName, r.LastName, r.CompanyName, r.AccountType, strconv.FormatBool(r.IsVerified), ts(r.CreatedAt)})
		}
	case "brands":
		rs, err := s.q.ExportBrands(ctx, s.pool)
		if err != nil {
			return err
		}
		rows = append(rows, []string{"id", "public_id", "company_name", "domain", "default_currency", "created_at"})
		for _, r := range rs {
			rows = append(rows, []string{r.ID.String(), r.PublicID, r.CompanyName, r.Domain, r.DefaultCurrency, ts(r.CreatedAt)})
		}
	case "affiliates":
		rs, err := s.q.ExportAffiliates(ctx, s.pool)
		if err != nil {
			return err
		}
		rows = append(rows, []string{"id", "name", "email", "created_at"})
		for _, r := range rs {
			rows = append(rows, []string{r.ID.String(), r.Name, r.Email, ts(r.CreatedAt)})
		}
	case "campaigns":
		rs, err := s.q.ExportCampaigns(ctx, s.pool)
		if err != nil {
			return err
		}
		rows = append(rows, []string{"id", "brand_id", "name", "status", "currency", "commission_type", "commission_value", "budget", "start_date", "end_date", "visibility", "approval_mode", "created_at"})
		for _, r := range rs {
			budget := ""
			if r.Budget.Valid {
				budget = r.Budget.Decimal.StringFixed(2)
			}
			rows = append(rows, []string{r.ID.String(), r.BrandID.String(), r.Name, r.Status, r.Currency, r.CommissionType,
				r.CommissionValue.String(), budget, day(r.StartDate), day(r.EndDate), r.Visibility, r.ApprovalMode, ts(r.CreatedAt)})
		}
	case "applications":
		rs, err := s.q.ExportApplications(ctx, s.pool)
		if err != nil {
			return err
		}
		rows = append(rows, []string{"id", "brand_id", "campaign_id", "affiliate_id", "status", "created_at", "decided_at"})
		for _, r := range rs {
			decided := ""
			if r.DecidedAt != nil {
				decided = ts(*r.DecidedAt)
			}
			rows = append(rows, []string{r.ID.String(), r.BrandID.String(), r.CampaignID.String(), r.AffiliateID.String(), r.Status, ts(r.CreatedAt), decided})
		}
	default:
		return fmt.Errorf("catalogue: unknown export %q", entity)
	}
	for _, row := range rows {
		for i, cell := range row {
			row[i] = CSVCell(cell)
		}
	}
	if err := w.WriteAll(rows); err != nil {
		return err
	}
	return w.Error()
}

// CSVCell keeps spreadsheets from running a cell as a formula (CSV injection).
func CSVCell(cell string) string {
	if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
		return "'" + cell
	}
	return cell
}

func ts(t time.Time) string { return t.UTC().Format(time.RFC3339) }

func day(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.Format(time.DateOnly)
}
