// Package campaigns is the brands' campaigns: their commission, budget, dates, visibility and
// approval mode, checked on every change, and which of them each caller may see.
package campaigns

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/activity"
	"github.com/openaffiliate/platform/server/domain/brands"
	"github.com/openaffiliate/platform/server/domain/emergency"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/change"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/domains"
	"github.com/openaffiliate/platform/server/platform/paging"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// Service runs campaign operations on one database.
type Service struct {
	pool    *pgxpool.Pool
	q       *queries.Queries
	brands  *brands.Service
	changes *change.Bus
}

// New makes the service; brands answers a campaign's brand (its currency and domains).
func New(pool *pgxpool.Pool, b *brands.Service) *Service {
	return &Service{pool: pool, q: queries.New(), brands: b, changes: change.Of(pool)}
}

// Campaign statuses, commission types, visibilities and approval modes (docs/product.md §4).
var (
	CampaignStatuses = []string{"active", "paused", "ended"}
	CommissionTypes  = []string{"percentage", "fixed"}
	CommissionBases  = []string{"subtotal", "total"}
	// Recurrings are which payments of a subscription earn; the limited ones take a limit.
	Recurrings        = []string{"first_payment", "first_payments", "first_months", "lifetime"}
	limitedRecurrings = []string{"first_payments", "first_months"}
	Visibilities      = []string{"public", "invite_only"}
	ApprovalModes     = []string{"auto", "manual"}
)

// firstDay is the earliest start or end date a campaign may have, as for a conversion's time.
var firstDay = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// checkDay refuses a campaign date before firstDay (nil, no date, passes).
func checkDay(field string, day *time.Time) error {
	if day != nil && day.Before(firstDay) {
		return apierror.Invalid(field, "minimum", "A campaign's dates are from 2000-01-01 on")
	}
	return nil
}

// Campaign is a campaign as one caller sees it.
type Campaign struct {
	ID                    uuid.UUID
	BrandID               uuid.UUID
	Name                  string
	Description           string
	HomepageUrl           *string
	Status                string
	StartDate             *time.Time
	EndDate               *time.Time
	Budget                decimal.NullDecimal
	Spent                 decimal.Decimal
	Currency              string
	CommissionType        string
	CommissionValue       decimal.Decimal
	CommissionBase        string // subtotal or total: what a percentage is taken of, when the order says both
	Recurring             string // which payments of a subscription earn (Recurrings)
	RecurringLimit        *int32 // the N of first_payments and first_months, else nil
	ProductRates          []ProductRate
	TierBasis             string // revenue or conversions: what the tiers' thresholds count
	Tiers                 []Tier
	AttributionWindowDays int32
	HoldingDays           *int32
	Visibility            string
	ApprovalMode          string
	CreatedAt             time.Time
	UpdatedAt             time.Time
	BrandName             string
	AffiliatesCount       int
	MembershipStatus      *string // the calling affiliate's application, when there is one
	Invited               bool    // the calling affiliate was invited to it
}

// campaignOf is the one mapping from a campaign's row to a Campaign.
func campaignOf(r queries.Campaign, brandName string, affiliates int64, membership *string, invited bool) (Campaign, error) {
	rates, err := ProductRatesOf(r.ProductRates)
	if err != nil {
		return Campaign{}, err
	}
	tiers, err := TiersOf(r.Tiers)
	if err != nil {
		return Campaign{}, err
	}
	return Campaign{
		ID: r.ID, BrandID: r.BrandID, Name: r.Name, Description: r.Description, HomepageUrl: r.HomepageUrl,
		Status: r.Status, StartDate: r.StartDate, EndDate: r.EndDate, Budget: r.Budget, Spent: r.Spent,
		Currency: r.Currency, CommissionType: r.CommissionType, CommissionValue: r.CommissionValue,
		CommissionBase: r.CommissionBase, Recurring: r.Recurring, RecurringLimit: r.RecurringLimit, AttributionWindowDays: r.AttributionWindowDays, HoldingDays: r.HoldingDays, Visibility: r.Visibility,
		ApprovalMode: r.ApprovalMode, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
		BrandName: brandName, AffiliatesCount: int(affiliates), MembershipStatus: membership, Invited: invited,
		ProductRates: rates, TierBasis: r.TierBasis, Tiers: tiers,
	}, nil
}

// Remaining is the budget left, or nil when the campaign has no budget.
func (c Campaign) Remaining() *decimal.Decimal {
	if !c.Budget.Valid {
		return nil
	}
	r := c.Budget.Decimal.Sub(c.Spent)
	return &r
}

// CampaignFields are a campaign's editable fields; nil leaves a field as it is on update.
type CampaignFields struct {
	BrandID               *uuid.UUID
	Name                  *string
	Description           *string
	HomepageURL           *string
	Status                *string
	StartDate, EndDate    **time.Time
	Budget                **decimal.Decimal
	Currency              *string
	CommissionType        *string
	CommissionValue       *decimal.Decimal
	CommissionBase        *string
	Recurring             *string
	RecurringLimit        *int // nil leaves it, or clears it when Recurring turns to an unlimited rule
	ProductRates          *[]ProductRate
	TierBasis             *string
	Tiers                 *[]Tier
	AttributionWindowDays *int
	HoldingDays           **int
	Visibility            *string
	ApprovalMode          *string
}

// CampaignView says whose eyes a list is for.
type CampaignView int

// The lists of campaigns.
const (
	ViewAll       CampaignView = iota // host all, brand its own, affiliate public active + its own
	ViewAvailable                     // affiliate: public active + its own
	ViewMine                          // affiliate: only those it applied to
)

// MineFilter narrows an affiliate's own campaigns; its zero value keeps them all.
type MineFilter struct {
	MembershipStatus, Status *string
	// RunsFrom and RunsTo keep the campaigns running on at least one of those days (inclusive); a
	// missing start or end date runs on.
	RunsFrom, RunsTo *time.Time
}

// ListCampaigns answers a page of the campaigns the caller may see.
func (s *Service) ListCampaigns(ctx context.Context, sc tenancy.Scope, view CampaignView, p paging.Page) ([]Campaign, int, error) {
	params := queries.ListCampaignsParams{OnlyMember: view == ViewMine}
	return s.listCampaigns(ctx, sc, params, p)
}

// ListMyCampaigns answers a page of the campaigns the caller affiliate applied to, narrowed by f.
func (s *Service) ListMyCampaigns(ctx context.Context, sc tenancy.Scope, f MineFilter, p paging.Page) ([]Campaign, int, error) {
	params := queries.ListCampaignsParams{OnlyMember: true, MembershipStatus: f.MembershipStatus, Status: f.Status, RunsFrom: f.RunsFrom, RunsTo: f.RunsTo}
	return s.listCampaigns(ctx, sc, params, p)
}

func (s *Service) listCampaigns(ctx context.Context, sc tenancy.Scope, params queries.ListCampaignsParams, p paging.Page) ([]Campaign, int, error) {
	params.Pattern, params.Sort, params.Descending = p.Pattern(), p.Sort, !p.Ascending
	if sc.IsAffiliate() {
		params.AffiliateID = sc.OwnAffiliate()
	} else {
		params.BrandID = sc.Brands()
	}
	rows, total, err := paging.Fetch(p, func(limit, offset int32) ([]queries.ListCampaignsRow, error) {
		params.MaxRows, params.SkipRows = limit, offset
		return s.q.ListCampaigns(ctx, s.pool, params)
	}, func(r queries.ListCampaignsRow) int64 { return r.Total })
	if err != nil {
		return nil, 0, err
	}
	out := make([]Campaign, len(rows))
	for i, r := range rows {
		if out[i], err = campaignOf(r.Campaign, r.BrandName, int64(r.AffiliatesCount), r.MembershipStatus, r.Invited); err != nil {
			return nil, 0, err
		}
	}
	return out, total, nil
}

// GetCampaign loads a campaign a host or brand may manage, or an affiliate may see (its own, or
// public and active); any other is not found, with the same answer as an id that does not exist.
func (s *Service) GetCampaign(ctx context.Context, sc tenancy.Scope, id uuid.UUID) (Campaign, error) {
	return s.getCampaign(ctx, s.pool, sc, id)
}

func (s *Service) getCampaign(ctx context.Context, db queries.DBTX, sc tenancy.Scope, id uuid.UUID) (Campaign, error) {
	params := queries.GetCampaignParams{ID: id, BrandID: sc.Brands()}
	if sc.IsAffiliate() {
		params.BrandID, params.AffiliateID = uuid.NullUUID{}, sc.OwnAffiliate()
	}
	r, err := s.q.GetCampaign(ctx, db, params)
	if errors.Is(err, pgx.ErrNoRows) {
		return Campaign{}, campaignNotFound()
	}
	if err != nil {
		return Campaign{}, err
	}
	return campaignOf(r.Campaign, r.BrandName, int64(r.AffiliatesCount), r.MembershipStatus, r.Invited)
}

func campaignNotFound() error { return apierror.NotFound("Campaign not found") }

// CreateCampaign creates a campaign for the caller's brand, or for BrandID when the host asks.
func (s *Service) CreateCampaign(ctx context.Context, sc tenancy.Scope, f CampaignFields) (Campaign, error) {
	brandID := sc.OwnBrand().UUID
	if sc.IsHost() {
		if f.BrandID == nil {
			return Campaign{}, apierror.Validation("brand_id", "Choose the brand the campaign belongs to")
		}
		brandID = *f.BrandID
	}
	brand, err := s.brands.GetBrand(ctx, tenancy.System("the brand a campaign is made for"), brandID)
	if err != nil {
		return Campaign{}, err
	}
	c := Campaign{
		BrandID: brandID, Status: "active", Currency: brand.DefaultCurrency, CommissionType: "percentage",
		CommissionBase: "subtotal", Recurring: "first_payment", TierBasis: "revenue", AttributionWindowDays: 30, Visibility: "public", ApprovalMode: "auto",
	}
	if f.Name == nil {
		return Campaign{}, apierror.Validation("name", "Name is required")
	}
	if err := apply(&c, f, brand.Domains); err != nil {
		return Campaign{}, err
	}
	var out Campaign
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if c.Status == "active" {
			if err := emergency.CheckActivation(ctx, tx); err != nil {
				return err
			}
		}
		id, err := s.q.CreateCampaign(ctx, tx, queries.CreateCampaignParams{
			BrandID: c.BrandID, Name: c.Name, Description: c.Description, HomepageUrl: c.HomepageUrl, Status: c.Status,
			StartDate: c.StartDate, EndDate: c.EndDate, Budget: c.Budget, Currency: c.Currency,
			CommissionType: c.CommissionType, CommissionValue: c.CommissionValue, CommissionBase: c.CommissionBase,
			Recurring: c.Recurring, RecurringLimit: c.RecurringLimit,
			ProductRates: encodeRates(c.ProductRates), TierBasis: c.TierBasis, Tiers: encodeTiers(c.Tiers),
			AttributionWindowDays: c.AttributionWindowDays, HoldingDays: c.HoldingDays, Visibility: c.Visibility, ApprovalMode: c.ApprovalMode,
		})
		if err != nil {
			return err
		}
		if err := activity.Log(ctx, tx, sc.Actor(), activity.CampaignCreated, id.String(), map[string]any{"name": c.Name, "brand_id": brandID}); err != nil {
			return err
		}
		out, err = s.getCampaign(ctx, tx, sc, id)
		return err
	})
	return out, err
}

// UpdateCampaign changes the fields given.
func (s *Service) UpdateCampaign(ctx context.Context, sc tenancy.Scope, id uuid.UUID, f CampaignFields) (Campaign, error) {
	current, err := s.GetCampaign(ctx, sc, id)
	if err != nil {
		return Campaign{}, err
	}
	brand, err := s.brands.GetBrand(ctx, tenancy.System("the brand of a campaign the caller may change"), current.BrandID)
	if err != nil {
		return Campaign{}, err
	}
	c := current
	if err := apply(&c, f, brand.Domains); err != nil {
		return Campaign{}, err
	}
	var out Campaign
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if c.Status == "active" && current.Status != "active" {
			if err := emergency.CheckActivation(ctx, tx); err != nil {
				return err
			}
		}
		if err := s.q.UpdateCampaign(ctx, tx, queries.UpdateCampaignParams{
			ID: id, Name: c.Name, Description: c.Description, HomepageUrl: c.HomepageUrl, Status: c.Status,
			StartDate: c.StartDate, EndDate: c.EndDate, Budget: c.Budget, Currency: c.Currency,
			CommissionType: c.CommissionType, CommissionValue: c.CommissionValue, CommissionBase: c.CommissionBase,
			Recurring: c.Recurring, RecurringLimit: c.RecurringLimit,
			ProductRates: encodeRates(c.ProductRates), TierBasis: c.TierBasis, Tiers: encodeTiers(c.Tiers),
			AttributionWindowDays: c.AttributionWindowDays, HoldingDays: c.HoldingDays, Visibility: c.Visibility, ApprovalMode: c.ApprovalMode,
		}); err != nil {
			return err
		}
		if err := activity.Log(ctx, tx, sc.Actor(), activity.CampaignUpdated, id.String(), map[string]any{"status": c.Status, "name": c.Name}); err != nil {
			return err
		}
		out, err = s.getCampaign(ctx, tx, sc, id)
		return err
	})
	s.changes.Publish(ctx, change.Event{Kind: change.Campaigns})
	return out, err
}

// DeleteCampaign removes a campaign with its memberships.
func (s *Service) DeleteCampaign(ctx context.Context, sc tenancy.Scope, id uuid.UUID) error {
	current, err := s.GetCampaign(ctx, sc, id)
	if err != nil {
		return err
	}
	defer s.changes.Publish(ctx, change.Event{Kind: change.Campaigns})
	return dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// Logged while the campaign exists, so the entry is its brand's even when the host deletes it.
		if err := activity.Log(ctx, tx, sc.Actor(), activity.CampaignDeleted, id.String(), map[string]any{"name": current.Name}); err != nil {
			return err
		}
		// The codes of its links, freed once the links are gone with it.
		codes, err := s.q.LinkCodesOf(ctx, tx, queries.LinkCodesOfParams{CampaignID: uuid.NullUUID{UUID: id, Valid: true}})
		if err != nil {
			return err
		}
		if err := s.q.DetachCodesConversions(ctx, tx, queries.DetachCodesConversionsParams{CampaignID: uuid.NullUUID{UUID: id, Valid: true}}); err != nil {
			return err
		}
		if err := s.q.DetachCampaignConversions(ctx, tx, queries.DetachCampaignConversionsParams{
			CampaignID: uuid.NullUUID{UUID: id, Valid: true}, BrandID: current.BrandID}); err != nil {
			return err
		}
		if _, err := s.q.DeleteCampaign(ctx, tx, queries.DeleteCampaignParams{ID: id, BrandID: current.BrandID}); err != nil {
			return err
		}
		if err := s.q.DeleteClicksOf(ctx, tx, queries.DeleteClicksOfParams{CampaignID: uuid.NullUUID{UUID: id, Valid: true}}); err != nil {
			return err
		}
		return s.q.RemoveShortCodes(ctx, tx, codes)
	})
}

// apply checks the given fields and writes them onto c.
func apply(c *Campaign, f CampaignFields, allowed []string) error {
	if f.Name != nil {
		name := strings.TrimSpace(*f.Name)
		if name == "" {
			return apierror.Validation("name", "Name is required")
		}
		c.Name = name
	}
	if f.Description != nil {
		c.Description = strings.TrimSpace(*f.Description)
	}
	if f.HomepageURL != nil {
		c.HomepageUrl = nonEmpty(*f.HomepageURL)
		if c.HomepageUrl != nil {
			if _, err := domains.CheckURL(*c.HomepageUrl, allowed); err != nil {
				if errors.Is(err, domains.ErrNotOnDomains) {
					return apierror.Validation("homepage_url", "The homepage must be on one of the brand's domains: "+listOrNone(allowed))
				}
				return apierror.Validation("homepage_url", "Enter a valid URL (http or https) on a domain")
			}
		}
	}
	if f.Status != nil {
		status := strings.ToLower(strings.TrimSpace(*f.Status))
		if status == "" {
			status = "active"
		}
		if !slices.Contains(CampaignStatuses, status) {
			return apierror.Validation("status", fmt.Sprintf("Invalid status %q: allowed values are %s", *f.Status, strings.Join(CampaignStatuses, ", ")))
		}
		c.Status = status
	}
	if f.StartDate != nil {
		if err := checkDay("start_date", *f.StartDate); err != nil {
			return err
		}
		c.StartDate = *f.StartDate
	}
	if f.EndDate != nil {
		if err := checkDay("end_date", *f.EndDate); err != nil {
			return err
		}
		c.EndDate = *f.EndDate
	}
	if c.StartDate != nil && c.EndDate != nil && c.EndDate.Before(*c.StartDate) {
		return apierror.Validation("end_date", "The end date must not be before the start date")
	}
	if f.Budget != nil {
		if *f.Budget == nil {
			c.Budget = decimal.NullDecimal{}
		} else {
			b := **f.Budget
			if b.IsNegative() || !b.Equal(b.Round(2)) {
				return apierror.Validation("budget", "Budget must be a positive amount with at most two decimals")
			}
			c.Budget = decimal.NullDecimal{Decimal: b, Valid: true}
		}
	}
	if f.Currency != nil {
		cur, err := brands.CheckCurrency(*f.Currency)
		if err != nil {
			return err
		}
		c.Currency = cur
	}
	if f.CommissionType != nil {
		if !slices.Contains(CommissionTypes, *f.CommissionType) {
			return apierror.Validation("commission_type", "Commission type must be one of: "+strings.Join(CommissionTypes, ", "))
		}
		c.CommissionType = *f.CommissionType
	}
	if f.CommissionBase != nil {
		if !slices.Contains(CommissionBases, *f.CommissionBase) {
			return apierror.Validation("commission_base", "Commission base must be one of: "+strings.Join(CommissionBases, ", "))
		}
		c.CommissionBase = *f.CommissionBase
	}
	if err := applyRecurring(c, f); err != nil {
		return err
	}
	if f.CommissionValue != nil {
		c.CommissionValue = *f.CommissionValue
		if c.CommissionType == "fixed" && !c.CommissionValue.Equal(c.CommissionValue.Round(2)) {
			return apierror.Validation("commission_value", "A fixed commission has at most two decimals")
		}
	}
	if c.CommissionValue.IsNegative() {
		return apierror.Validation("commission_value", "Commission must not be negative")
	}
	if c.CommissionType == "percentage" && c.CommissionValue.GreaterThan(decimal.NewFromInt(1)) {
		return apierror.Validation("commission_value", "A percentage commission is a fraction of the order total: 0.10 is 10%")
	}
	if err := applyRules(c, f); err != nil {
		return err
	}
	if f.AttributionWindowDays != nil {
		if d := *f.AttributionWindowDays; d < 1 || d > 365 {
			return apierror.Validation("attribution_window_days", "The attribution window is 1 to 365 days")
		}
		c.AttributionWindowDays = int32(*f.AttributionWindowDays)
	}
	if f.HoldingDays != nil {
		c.HoldingDays = nil
		if d := *f.HoldingDays; d != nil {
			if *d < 1 || *d > 365 {
				return apierror.Validation("holding_days", "The holding period is 1 to 365 days")
			}
			c.HoldingDays = new(int32(*d))
		}
	}
	if f.Visibility != nil {
		if !slices.Contains(Visibilities, *f.Visibility) {
			return apierror.Validation("visibility", "Visibility must be one of: "+strings.Join(Visibilities, ", "))
		}
		c.Visibility = *f.Visibility
	}
	if f.ApprovalMode != nil {
		if !slices.Contains(ApprovalModes, *f.ApprovalMode) {
			return apierror.Validation("approval_mode", "Approval must be one of: "+strings.Join(ApprovalModes, ", "))
		}
		c.ApprovalMode = *f.ApprovalMode
	}
	return nil
}

func nonEmpty(s string) *string {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	return &s
}

func listOrNone(items []string) string {
	if len(items) == 0 {
		return "(none yet: add one on the integration page)"
	}
	return strings.Join(items, ", ")
}

// applyRecurring sets the recurring rule: a limit, 1 to 120, is required with first_payments and
// first_months and refused with the others; turning to an unlimited rule clears the old limit.
func applyRecurring(c *Campaign, f CampaignFields) error {
	if f.Recurring != nil {
		if !slices.Contains(Recurrings, *f.Recurring) {
			return apierror.Validation("recurring", "Recurring must be one of: "+strings.Join(Recurrings, ", "))
		}
		c.Recurring = *f.Recurring
		if !slices.Contains(limitedRecurrings, c.Recurring) && f.RecurringLimit == nil {
			c.RecurringLimit = nil
		}
	}
	limited := slices.Contains(limitedRecurrings, c.Recurring)
	if f.RecurringLimit != nil {
		n := *f.RecurringLimit
		switch {
		case !limited:
			return apierror.Validation("recurring_limit", "A recurring limit goes only with first_payments or first_months")
		case n < 1 || n > 120:
			return apierror.Validation("recurring_limit", "The recurring limit is 1 to 120")
		}
		l := int32(n)
		c.RecurringLimit = &l
	}
	if limited && c.RecurringLimit == nil {
		return apierror.Validation("recurring_limit", "first_payments and first_months need a recurring limit, 1 to 120")
	}
	return nil
}
