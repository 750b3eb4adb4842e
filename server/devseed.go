package server

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/accounts"
	"github.com/openaffiliate/platform/server/domain/applications"
	"github.com/openaffiliate/platform/server/domain/brands"
	"github.com/openaffiliate/platform/server/domain/campaigns"
	"github.com/openaffiliate/platform/server/domain/conversions"
	"github.com/openaffiliate/platform/server/domain/discountcodes"
	"github.com/openaffiliate/platform/server/domain/links"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/auth"
	"github.com/openaffiliate/platform/server/platform/paging"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// seedDemoData gives dev mode's demo brand a domain and campaigns, and its demo affiliate a
// membership, a tracking link and a discount code, once: a second start finds the campaigns and
// leaves everything as it is.
func seedDemoData(ctx context.Context, accts *accounts.Service, brandSvc *brands.Service, campaignSvc *campaigns.Service,
	applicationSvc *applications.Service, trackingLinks *links.Service, codes *discountcodes.Service) error {
	if err := accts.SeedDemoAccounts(ctx); err != nil {
		return err
	}
	brandProfile, err := accts.DemoAccount(ctx, auth.RoleBrand)
	if err != nil {
		return err
	}
	brand := tenancy.Of(auth.User{ID: brandProfile.User.ID, AccountType: auth.RoleBrand, BrandID: brandProfile.User.BrandID})
	if _, total, err := campaignSvc.ListCampaigns(ctx, brand, campaigns.ViewAll, paging.Page{Limit: 1}); err != nil || total > 0 {
		return err
	}
	if _, err := brandSvc.SetupBrand(ctx, brand, brands.BrandInput{Name: "Magazinul Demo", Domain: "demo-shop.example", Currency: "RON"}); err != nil {
		return fmt.Errorf("seed demo brand: %w", err)
	}
	str := func(s string) *string { return &s }
	dec := func(s string) *decimal.Decimal { d := decimal.RequireFromString(s); return &d }
	days := 30
	var first campaigns.Campaign
	for i, f := range []campaigns.CampaignFields{
		{Name: str("Reduceri de iarnă"), Description: str("10\u00a0% din fiecare comandă adusă de linkul sau codul tău."), HomepageURL: str("https://demo-shop.example/winter"),
			CommissionType: str("percentage"), CommissionValue: dec("0.10"), AttributionWindowDays: &days},
		{Name: str("Clienți noi"), Description: str("25 RON pentru prima comandă a fiecărui client; cererile de înscriere sunt verificate."), HomepageURL: str("https://demo-shop.example/"),
			CommissionType: str("fixed"), CommissionValue: dec("25.00"), ApprovalMode: str("manual")},
		{Name: str("Colecția de primăvară"), Description: str("Pe pauză până în primăvară."), HomepageURL: str("https://demo-shop.example/spring"), Status: str("paused"),
			CommissionType: str("percentage"), CommissionValue: dec("0.08")},
	} {
		c, err := campaignSvc.CreateCampaign(ctx, brand, f)
		if refusedBySwitches(err) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("seed demo campaign: %w", err)
		}
		if i == 0 {
			first = c
		}
	}
	affProfile, err := accts.DemoAccount(ctx, auth.RoleAffiliate)
	if err != nil {
		return err
	}
	affiliate := tenancy.Of(auth.User{ID: affProfile.User.ID, AccountType: auth.RoleAffiliate, AffiliateID: affProfile.User.AffiliateID})
	if _, err := applicationSvc.Join(ctx, affiliate, first.ID); err != nil {
		return fmt.Errorf("seed demo membership: %w", err)
	}
	if _, err := trackingLinks.GenerateLink(ctx, affiliate, first.ID, "Newsletter de iarnă", "https://demo-shop.example/winter?utm_source=newsletter"); err != nil {
		return fmt.Errorf("seed demo link: %w", err)
	}
	limit := 500
	pct := "percentage"
	if _, err := codes.CreateCode(ctx, brand, first.ID, affiliate.OwnAffiliate().UUID, discountcodes.CodeFields{
		Code: str("WINTER10"), Description: str("10\u00a0% reducere la colecția de iarnă"), DiscountType: &pct, DiscountValue: dec("0.10"),
		UsageLimit: ptr(&limit),
	}, false); err != nil {
		return fmt.Errorf("seed demo discount code: %w", err)
	}
	return nil
}

func ptr[T any](v T) *T { return &v }

// seedDemoConversions gives the demo brand orders its demo affiliate brought with the WINTER10
// code, once: two confirmed, two waiting for review, one flagged (the customer is the affiliate),
// so the conversions, earnings and payouts screens have something to show.
func seedDemoConversions(ctx context.Context, accts *accounts.Service, convs *conversions.Service) error {
	brandProfile, err := accts.DemoAccount(ctx, auth.RoleBrand)
	if err != nil {
		return err
	}
	brand := tenancy.Of(auth.User{ID: brandProfile.User.ID, AccountType: auth.RoleBrand, BrandID: brandProfile.User.BrandID})
	if listed, err := convs.List(ctx, brand, conversions.Filter{}, paging.Page{Limit: 1}); err != nil || listed.Total > 0 {
		return err
	}
	affProfile, err := accts.DemoAccount(ctx, auth.RoleAffiliate)
	if err != nil {
		return err
	}
	now := time.Now()
	orders := []struct {
		id, total, email string
		daysAgo          int
	}{
		{"DEMO-1001", "249.90", "ana.pop@example.ro", 12},
		{"DEMO-1002", "89.00", "mihai.ion@example.ro", 9},
		{"DEMO-1003", "410.50", "elena.dan@example.ro", 4},
		{"DEMO-1004", "132.00", "radu.stan@example.ro", 2},
		{"DEMO-1005", "75.00", affProfile.User.Email, 1},
	}
	var confirm []uuid.UUID
	for i, o := range orders {
		c, _, err := convs.Ingest(ctx, brand, conversions.Order{
			OrderID: o.id, Total: decimal.RequireFromString(o.total), Currency: "RON", CustomerEmail: o.email,
			ConvertedAt: new(now.AddDate(0, 0, -o.daysAgo)), DiscountCode: "WINTER10", Source: "api",
		})
		if refusedBySwitches(err) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("seed demo conversion: %w", err)
		}
		if i < 2 {
			confirm = append(confirm, c.ID)
		}
	}
	if _, err := convs.Review(ctx, brand, confirm, conversions.Confirm, "date demo"); err != nil {
		return fmt.Errorf("seed demo review: %w", err)
	}
	return nil
}

// refusedBySwitches reports, and logs, a seed step the host's emergency switches refused (campaigns
// paused, ingestion paused, maintenance): the seed obeys them like every caller, leaves the rest for
// a later start, and the server starts.
func refusedBySwitches(err error) bool {
	e, ok := apierror.From(err)
	if !ok {
		return false
	}
	switch e.Code {
	case oapi.ErrorCodeCAMPAIGNSPAUSED, oapi.ErrorCodeINGESTIONPAUSED, oapi.ErrorCodeMAINTENANCE:
		slog.Warn("dev mode: demo data not seeded while the host's switch holds", "reason", e.Message)
		return true
	}
	return false
}
