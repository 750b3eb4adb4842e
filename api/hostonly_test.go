package api_test

import (
	"context"
	"io"
	"maps"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/api"
	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/affiliates"
	"github.com/openaffiliate/platform/server/domain/apikeys"
	"github.com/openaffiliate/platform/server/domain/applications"
	"github.com/openaffiliate/platform/server/domain/brands"
	"github.com/openaffiliate/platform/server/domain/campaigns"
	"github.com/openaffiliate/platform/server/domain/conversions"
	"github.com/openaffiliate/platform/server/domain/currency"
	"github.com/openaffiliate/platform/server/domain/discountcodes"
	"github.com/openaffiliate/platform/server/domain/emergency"
	"github.com/openaffiliate/platform/server/domain/export"
	"github.com/openaffiliate/platform/server/domain/links"
	"github.com/openaffiliate/platform/server/domain/shopify"
	"github.com/openaffiliate/platform/server/platform/amount"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/paging"
	"github.com/openaffiliate/platform/server/platform/tenancy"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// hostOnlyCall is a host-only operation called two ways: through its handler, as if its x-roles
// line had let the caller in, and straight on the service that does the work.
type hostOnlyCall struct {
	handler func(ctx context.Context) error
	service func(ctx context.Context, h tenancy.HostScope) error
}

// handlers are the API's handlers on the test server's database, to call without the authenticator.
func handlers(env *servertest.Env) *api.Server {
	pool, convs := env.App.Pool, env.App.Conversions
	brandSvc := brands.New(pool, env.URL)
	campaignSvc := campaigns.New(pool, brandSvc)
	return &api.Server{
		Pool: pool, Accounts: env.App.Accounts, Analytics: env.App.Analytics, Brands: brandSvc, APIKeys: apikeys.New(pool, time.Now),
		Affiliates: affiliates.New(pool), Campaigns: campaignSvc, Applications: applications.New(pool, time.Now, campaignSvc),
		Links: links.New(pool, brandSvc, campaignSvc), DiscountCodes: discountcodes.New(pool, campaignSvc), TrackingDomains: env.App.TrackingDomains,
		Conversions: convs, Shopify: shopify.New(pool, convs, brands.NewWebhookSecrets(pool)),
		Emergency: emergency.New(pool), Export: export.New(pool), Jobs: env.App.Jobs, PublicURL: env.URL,
	}
}

// hostOnlyCalls aims every host-only operation at the program's own objects: its brand, its
// affiliate (and its user), its conversion.
func hostOnlyCalls(s *api.Server, p program, conversionID uuid.UUID) map[string]hostOnlyCall {
	brandID, affID, userID := uuid.MustParse(p.brand.brandID()), uuid.MustParse(p.affID), uuid.MustParse(p.affiliate.id())
	yes, rate := true, amount.Text("0.5")
	rates := oapi.CurrencyRatesInput{}
	rates.Rates.EUR = &rate
	drain := func(r oapi.ExportDataResponseObject, err error) error {
		if r, ok := r.(oapi.ExportData200TextcsvCharsetUtf8Response); ok {
			_, _ = io.Copy(io.Discard, r.Body)
		}
		return err
	}
	return map[string]hostOnlyCall{
		"createHost": {
			func(ctx context.Context) error {
				_, err := s.CreateHost(ctx, oapi.CreateHostRequestObject{Body: &oapi.CreateHostRequest{Email: "second.host@example.com", Password: "long-enough-1", FirstName: "Second", LastName: "Host"}})
				return err
			},
			func(ctx context.Context, h tenancy.HostScope) error {
				_, err := s.Accounts.CreateHost(ctx, h, "second.host@example.com", "long-enough-1", "Second", "Host")
				return err
			},
		},
		"createResetLink": {
			func(ctx context.Context) error {
				_, err := s.CreateResetLink(ctx, oapi.CreateResetLinkRequestObject{Id: userID})
				return err
			},
			func(ctx context.Context, h tenancy.HostScope) error {
				_, _, err := s.Accounts.IssueResetToken(ctx, h, userID)
				return err
			},
		},
		"createAffiliateInviteLink": {
			func(ctx context.Context) error {
				_, err := s.CreateAffiliateInviteLink(ctx, oapi.CreateAffiliateInviteLinkRequestObject{Id: affID})
				return err
			},
			func(ctx context.Context, h tenancy.HostScope) error {
				_, _, err := s.Accounts.IssueAffiliateInvite(ctx, h, affID)
				return err
			},
		},
		"setCurrencyRates": {
			func(ctx context.Context) error {
				_, err := s.SetCurrencyRates(ctx, oapi.SetCurrencyRatesRequestObject{Body: &rates})
				return err
			},
			func(ctx context.Context, h tenancy.HostScope) error {
				return currency.SetRates(ctx, s.Pool, h, map[string]decimal.Decimal{"EUR": decimal.RequireFromString("0.5")})
			},
		},
		"createBrand": {
			func(ctx context.Context) error {
				_, err := s.CreateBrand(ctx, oapi.CreateBrandRequestObject{Body: &oapi.BrandInput{Name: "Planted Brand"}})
				return err
			},
			func(ctx context.Context, h tenancy.HostScope) error {
				_, err := s.Brands.CreateBrand(ctx, h, brands.BrandInput{Name: "Planted Brand"})
				return err
			},
		},
		"deleteBrand": {
			func(ctx context.Context) error {
				_, err := s.DeleteBrand(ctx, oapi.DeleteBrandRequestObject{Id: brandID})
				return err
			},
			func(ctx context.Context, h tenancy.HostScope) error { return s.Brands.DeleteBrand(ctx, h, brandID) },
		},
		"createAffiliate": {
			func(ctx context.Context) error {
				_, err := s.CreateAffiliate(ctx, oapi.CreateAffiliateRequestObject{Body: &oapi.AffiliateInput{Name: "Planted", Email: "planted@example.com"}})
				return err
			},
			func(ctx context.Context, h tenancy.HostScope) error {
				_, err := s.Affiliates.CreateAffiliate(ctx, h, "Planted", "planted@example.com")
				return err
			},
		},
		"deleteAffiliate": {
			func(ctx context.Context) error {
				_, err := s.DeleteAffiliate(ctx, oapi.DeleteAffiliateRequestObject{Id: affID})
				return err
			},
			func(ctx context.Context, h tenancy.HostScope) error {
				return s.Affiliates.DeleteAffiliate(ctx, h, affID)
			},
		},
		"getDataSummary": {
			func(ctx context.Context) error {
				_, err := s.GetDataSummary(ctx, oapi.GetDataSummaryRequestObject{})
				return err
			},
			func(ctx context.Context, h tenancy.HostScope) error {
				_, err := s.Export.Summary(ctx, h)
				return err
			},
		},
		"getJobStats": {
			func(ctx context.Context) error {
				_, err := s.GetJobStats(ctx, oapi.GetJobStatsRequestObject{})
				return err
			},
			func(ctx context.Context, h tenancy.HostScope) error {
				_, err := s.Jobs.Stats(ctx, h)
				return err
			},
		},
		"exportData": {
			func(ctx context.Context) error {
				return drain(s.ExportData(ctx, oapi.ExportDataRequestObject{Entity: oapi.ExportEntityUsers}))
			},
			func(ctx context.Context, h tenancy.HostScope) error {
				return s.Export.Write(ctx, h, string(oapi.ExportEntityUsers), io.Discard)
			},
		},
		"listClicks": {
			func(ctx context.Context) error {
				_, err := s.ListClicks(ctx, oapi.ListClicksRequestObject{})
				return err
			},
			func(ctx context.Context, h tenancy.HostScope) error {
				_, _, err := s.Links.ListClicks(ctx, h, paging.Page{})
				return err
			},
		},
		"deleteConversion": {
			func(ctx context.Context) error {
				_, err := s.DeleteConversion(ctx, oapi.DeleteConversionRequestObject{Id: conversionID})
				return err
			},
			func(ctx context.Context, h tenancy.HostScope) error {
				return s.Conversions.Delete(ctx, h, conversionID, "")
			},
		},
		"getEmergencyState": {
			func(ctx context.Context) error {
				_, err := s.GetEmergencyState(ctx, oapi.GetEmergencyStateRequestObject{})
				return err
			},
			func(ctx context.Context, h tenancy.HostScope) error {
				_, err := s.Emergency.Current(ctx, h)
				return err
			},
		},
		"setEmergencyState": {
			func(ctx context.Context) error {
				_, err := s.SetEmergencyState(ctx, oapi.SetEmergencyStateRequestObject{Body: &oapi.EmergencyInput{IngestionPaused: &yes}})
				return err
			},
			func(ctx context.Context, h tenancy.HostScope) error {
				_, err := s.Emergency.Set(ctx, h, emergency.Changes{IngestionPaused: &yes})
				return err
			},
		},
		"pauseAllCampaigns": {
			func(ctx context.Context) error {
				_, err := s.PauseAllCampaigns(ctx, oapi.PauseAllCampaignsRequestObject{Body: &oapi.EmergencyCampaignsInput{Action: oapi.EmergencyCampaignsInputActionPause}})
				return err
			},
			func(ctx context.Context, h tenancy.HostScope) error {
				_, err := s.Emergency.Campaigns(ctx, h, true)
				return err
			},
		},
		"getPlatformOverview": {
			func(ctx context.Context) error {
				_, err := s.GetPlatformOverview(ctx, oapi.GetPlatformOverviewRequestObject{})
				return err
			},
			func(ctx context.Context, h tenancy.HostScope) error {
				_, err := s.Analytics.PlatformOverview(ctx, h, "RON")
				return err
			},
		},
	}
}

// TestHostOnlyOperationsRefuseEveryOtherScope: a host-only operation refuses a brand (and an
// affiliate, the system, an empty scope) in its handler and again in its service, with the
// authenticator's own 403, even when nothing before it checked the caller (as a wrong x-roles line
// would let it through); nothing is read out or changed. Every operation the contract gives to the
// host alone is in the table.
func TestHostOnlyOperationsRefuseEveryOtherScope(t *testing.T) {
	env := servertest.Get(t)
	p := newProgram(t, env)
	brandID := uuid.MustParse(p.brand.brandID())
	brand := tenancy.Brand(uuid.MustParse(p.brand.id()), brandID)
	c, _, err := env.App.Conversions.Ingest(context.Background(), brand, conversions.Order{
		OrderID: "host-only-1", Total: decimal.RequireFromString("10.00"), Currency: "RON", Source: "api",
	})
	if err != nil {
		t.Fatal(err)
	}
	calls := hostOnlyCalls(handlers(env), p, c.ID)
	for _, o := range contractOperations(t) {
		if roles, _ := o.op.Extensions["x-roles"].([]any); len(roles) == 1 && roles[0] == "host" {
			if _, ok := calls[o.op.OperationID]; !ok {
				t.Errorf("%s (%s) is the host's alone but not called here", o.op.OperationID, o)
			}
		}
	}

	before, stored := rowCounts(t, env), switchesAndRates(t, env)
	for name, sc := range map[string]tenancy.Scope{
		"brand":     brand,
		"affiliate": tenancy.Affiliate(uuid.MustParse(p.affiliate.id()), uuid.MustParse(p.affID)),
		"system":    tenancy.System("a job that is no host"),
		"empty":     {},
	} {
		h, ok := sc.AsHost()
		if ok {
			t.Errorf("a %s scope made a HostScope", name)
		}
		ctx := tenancy.With(context.Background(), sc)
		for op, call := range calls {
			wantRefused(t, name+" through "+op, call.handler(ctx))
			wantRefused(t, name+" straight on "+op+"'s service", call.service(ctx, h))
		}
	}
	if after := rowCounts(t, env); !maps.Equal(before, after) {
		t.Errorf("refused calls changed rows:\nbefore %v\nafter  %v", before, after)
	}
	if after := switchesAndRates(t, env); after != stored {
		t.Errorf("refused calls changed the switches, rates or campaigns:\nbefore %s\nafter  %s", stored, after)
	}
}

// wantRefused wants the authenticator's refusal of a role: 403 FORBIDDEN with its message.
func wantRefused(t *testing.T, what string, err error) {
	t.Helper()
	want := tenancy.Refused().(*apierror.Error)
	if e, ok := apierror.From(err); !ok || e.Status != want.Status || e.Code != want.Code || e.Message != want.Message {
		t.Errorf("%s: want %d %s, got %v", what, want.Status, want.Code, err)
	}
}

// switchesAndRates are the emergency switches, the exchange rates and the campaigns' statuses, as text.
func switchesAndRates(t *testing.T, env *servertest.Env) string {
	t.Helper()
	var out string
	if err := env.App.Pool.QueryRow(context.Background(), `SELECT concat_ws(' | ',
		(SELECT jsonb_agg(s)::text FROM platform_state s),
		(SELECT jsonb_agg(r ORDER BY r.currency)::text FROM currency_rates r),
		(SELECT jsonb_agg(c.status ORDER BY c.id)::text FROM campaigns c))`).Scan(&out); err != nil {
		t.Fatal(err)
	}
	return out
}
