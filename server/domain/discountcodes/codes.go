// Package discountcodes is the discount codes brands give their affiliates: a code (chosen, or
// drawn by the server) of an approved affiliate in a campaign, unique within the brand, with its
// discount, limits, validity and an optional commission override; a sale that names the code is
// attributed to the affiliate (package conversions).
package discountcodes

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/activity"
	"github.com/openaffiliate/platform/server/domain/campaigns"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/auth"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/paging"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// Service manages discount codes; campaigns answers who may see which campaign.
type Service struct {
	pool      *pgxpool.Pool
	q         *queries.Queries
	campaigns *campaigns.Service
}

// New makes the service.
func New(pool *pgxpool.Pool, camps *campaigns.Service) *Service {
	return &Service{pool: pool, q: queries.New(), campaigns: camps}
}

// Discount code error codes.
const (
	CodeInvalidCode          = "INVALID_CODE"
	CodeCodeTaken            = "CODE_TAKEN"
	CodeInvalidAmount        = "INVALID_AMOUNT"
	CodeAffiliateNotApproved = oapi.ErrorCodeAFFILIATENOTAPPROVED // as for a link (package links)
)

// DiscountCode is a code with the names the lists show.
type DiscountCode struct {
	ID                    uuid.UUID
	BrandID               uuid.UUID
	CampaignID            uuid.UUID
	AffiliateID           uuid.UUID
	Code                  string
	Description           string
	DiscountType          string
	DiscountValue         decimal.Decimal
	MinimumOrderAmount    decimal.NullDecimal
	UsageLimit            *int32
	UsageLimitPerCustomer *int32
	CurrentUsageCount     int32
	ValidFrom             *time.Time
	ValidUntil            *time.Time
	IsExclusive           bool
	CommissionOverride    decimal.NullDecimal
	Status                string
	CreatedAt             time.Time
	UpdatedAt             time.Time

	BrandName, CampaignName, AffiliateName string
	// CampaignCurrency is the currency of a fixed discount, minimum order and fixed override.
	CampaignCurrency string
}

// codeOf is the one mapping from a discount code's row to a DiscountCode.
func codeOf(r queries.DiscountCode, brandName, campaignName, campaignCurrency, affiliateName string) DiscountCode {
	return DiscountCode{
		ID: r.ID, BrandID: r.BrandID, CampaignID: r.CampaignID, AffiliateID: r.AffiliateID, Code: r.Code,
		Description: r.Description, DiscountType: r.DiscountType, DiscountValue: r.DiscountValue,
		MinimumOrderAmount: r.MinimumOrderAmount, UsageLimit: r.UsageLimit, UsageLimitPerCustomer: r.UsageLimitPerCustomer,
		CurrentUsageCount: r.CurrentUsageCount, ValidFrom: r.ValidFrom, ValidUntil: r.ValidUntil, IsExclusive: r.IsExclusive,
		CommissionOverride: r.CommissionOverride, Status: r.Status, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
		BrandName: brandName, CampaignName: campaignName, CampaignCurrency: campaignCurrency, AffiliateName: affiliateName,
	}
}

// CodeFields are a code's editable fields; nil keeps a field on update. The double pointers
// tell "clear it" (pointer to nil) from "keep it" (nil).
type CodeFields struct {
	Code                  *string
	Description           *string
	DiscountType          *string
	DiscountValue         *decimal.Decimal
	MinimumOrder          **decimal.Decimal
	UsageLimit            **int
	UsageLimitPerCustomer **int
	ValidFrom, ValidUntil **time.Time
	IsExclusive           *bool
	CommissionOverride    **decimal.Decimal
	Status                *string
}

var codePattern = regexp.MustCompile(`^[A-Za-z0-9_-]{3,40}$`)

var discountTypes = []string{"percentage", "fixed_amount", "free_shipping"}

// CreateCode makes a discount code for an approved affiliate of one of the caller brand's campaigns;
// with generate, the server draws a unique random code.
func (s *Service) CreateCode(ctx context.Context, sc tenancy.Scope, campaignID, affiliateID uuid.UUID, f CodeFields, generate bool) (DiscountCode, error) {
	campaign, err := s.campaigns.GetCampaign(ctx, sc, campaignID)
	if err != nil {
		return DiscountCode{}, err
	}
	approved, err := s.q.ApprovedMembership(ctx, s.pool, queries.ApprovedMembershipParams{CampaignID: campaign.ID, AffiliateID: affiliateID})
	if err != nil {
		return DiscountCode{}, err
	}
	if !approved {
		return DiscountCode{}, apierror.BadInput(CodeAffiliateNotApproved, "affiliate_id", "The affiliate is not approved for this campaign")
	}
	d := DiscountCode{BrandID: campaign.BrandID, CampaignID: campaign.ID, AffiliateID: affiliateID, Status: "active", IsExclusive: true}
	if generate {
		f.Code = nil
	} else if f.Code == nil {
		return DiscountCode{}, apierror.BadInput(CodeInvalidCode, "code", "Enter a code: 3 to 40 letters, digits, dashes or underscores")
	}
	if err := applyCode(&d, f, campaign.CommissionType); err != nil {
		return DiscountCode{}, err
	}
	var out DiscountCode
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if generate {
			if d.Code, err = s.randomCode(ctx, tx, d.BrandID); err != nil {
				return err
			}
		} else if err := s.checkCodeFree(ctx, tx, d.BrandID, d.Code, uuid.Nil); err != nil {
			return err
		}
		id, err := s.q.CreateDiscountCode(ctx, tx, queries.CreateDiscountCodeParams{
			BrandID: d.BrandID, CampaignID: d.CampaignID, AffiliateID: d.AffiliateID, Code: d.Code,
			Description: d.Description, DiscountType: d.DiscountType, DiscountValue: d.DiscountValue,
			MinimumOrderAmount: d.MinimumOrderAmount, UsageLimit: d.UsageLimit, UsageLimitPerCustomer: d.UsageLimitPerCustomer,
			ValidFrom: d.ValidFrom, ValidUntil: d.ValidUntil, IsExclusive: d.IsExclusive,
			CommissionOverride: d.CommissionOverride, Status: d.Status,
		})
		if err != nil {
			return codeConflict(err)
		}
		if err := activity.Log(ctx, tx, sc.Actor(), activity.CodeCreated, id.String(), map[string]any{"code": d.Code}); err != nil {
			return err
		}
		out, err = s.getCode(ctx, tx, tenancy.System("read back the code just created"), id)
		return err
	})
	return out, err
}

// UpdateCode changes the fields given.
func (s *Service) UpdateCode(ctx context.Context, sc tenancy.Scope, id uuid.UUID, f CodeFields) (DiscountCode, error) {
	current, err := s.getCode(ctx, s.pool, sc, id)
	if err != nil {
		return DiscountCode{}, err
	}
	campaign, err := s.campaigns.GetCampaign(ctx, tenancy.System("the campaign of a code the caller may change"), current.CampaignID)
	if err != nil {
		return DiscountCode{}, err
	}
	d := current
	if err := applyCode(&d, f, campaign.CommissionType); err != nil {
		return DiscountCode{}, err
	}
	var out DiscountCode
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.checkCodeFree(ctx, tx, d.BrandID, d.Code, id); err != nil {
			return err
		}
		if err := s.q.UpdateDiscountCode(ctx, tx, queries.UpdateDiscountCodeParams{
			ID: id, Code: d.Code, Description: d.Description, DiscountType: d.DiscountType, DiscountValue: d.DiscountValue,
			MinimumOrderAmount: d.MinimumOrderAmount, UsageLimit: d.UsageLimit, UsageLimitPerCustomer: d.UsageLimitPerCustomer,
			ValidFrom: d.ValidFrom, ValidUntil: d.ValidUntil, IsExclusive: d.IsExclusive,
			CommissionOverride: d.CommissionOverride, Status: d.Status,
		}); err != nil {
			return codeConflict(err)
		}
		if err := activity.Log(ctx, tx, sc.Actor(), activity.CodeUpdated, id.String(), map[string]any{"code": d.Code}); err != nil {
			return err
		}
		out, err = s.getCode(ctx, tx, sc, id)
		return err
	})
	return out, err
}

// DeleteCode removes a code.
func (s *Service) DeleteCode(ctx context.Context, sc tenancy.Scope, id uuid.UUID) error {
	current, err := s.getCode(ctx, s.pool, sc, id)
	if err != nil {
		return err
	}
	return dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// Logged while the code exists, so the entry is its brand's and affiliate's too.
		if err := activity.Log(ctx, tx, sc.Actor(), activity.CodeDeleted, id.String(), map[string]any{"code": current.Code}); err != nil {
			return err
		}
		if err := s.q.DetachCodeConversions(ctx, tx, queries.DetachCodeConversionsParams{
			DiscountCodeID: uuid.NullUUID{UUID: id, Valid: true}, BrandID: current.BrandID}); err != nil {
			return err
		}
		return s.q.DeleteDiscountCode(ctx, tx, id)
	})
}

// ListCodes answers a page of the codes the caller may see.
func (s *Service) ListCodes(ctx context.Context, sc tenancy.Scope, p paging.Page) ([]DiscountCode, int, error) {
	brand, affiliate := sc.Memberships()
	rows, total, err := paging.Fetch(p, func(limit, offset int32) ([]queries.ListDiscountCodesRow, error) {
		return s.q.ListDiscountCodes(ctx, s.pool, queries.ListDiscountCodesParams{
			BrandID: brand, AffiliateID: affiliate, Pattern: p.Pattern(), MaxRows: limit, SkipRows: offset,
		})
	}, func(r queries.ListDiscountCodesRow) int64 { return r.Total })
	if err != nil {
		return nil, 0, err
	}
	out := make([]DiscountCode, len(rows))
	for i, r := range rows {
		out[i] = codeOf(r.DiscountCode, r.BrandName, r.CampaignName, r.CampaignCurrency, r.AffiliateName)
	}
	return out, total, nil
}

// getCode loads a code the caller may manage: the host any, a brand its own.
func (s *Service) getCode(ctx context.Context, db queries.DBTX, sc tenancy.Scope, id uuid.UUID) (DiscountCode, error) {
	r, err := s.q.GetDiscountCode(ctx, db, queries.GetDiscountCodeParams{ID: id, BrandID: sc.Brands()})
	if errors.Is(err, pgx.ErrNoRows) {
		return DiscountCode{}, apierror.NotFound("Discount code not found")
	}
	if err != nil {
		return DiscountCode{}, err
	}
	return codeOf(r.DiscountCode, r.BrandName, r.CampaignName, r.CampaignCurrency, r.AffiliateName), nil
}

func (s *Service) checkCodeFree(ctx context.Context, tx pgx.Tx, brandID uuid.UUID, code string, except uuid.UUID) error {
	taken, err := s.q.DiscountCodeTaken(ctx, tx, queries.DiscountCodeTakenParams{BrandID: brandID, Code: code, ExceptID: except})
	if err != nil {
		return err
	}
	if taken {
		return codeTaken()
	}
	return nil
}

func codeTaken() error {
	return &apierror.Error{Status: http.StatusConflict, Code: CodeCodeTaken, Message: "This brand already has this code",
		Details: []apierror.Detail{{Field: "code", Message: "This brand already has this code"}}}
}

func codeConflict(err error) error {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return codeTaken()
	}
	return err
}

// randomAlphabet leaves out look-alike characters (0/O, 1/I/L) so codes can be read aloud.
const randomAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

func (s *Service) randomCode(ctx context.Context, tx pgx.Tx, brandID uuid.UUID) (string, error) {
	for range 10 {
		raw := auth.RandomToken(16)
		var b strings.Builder
		for i := 0; b.Len() < 8 && i < len(raw); i++ {
			b.WriteByte(randomAlphabet[int(raw[i])%len(randomAlphabet)])
		}
		code := b.String()
		taken, err := s.q.DiscountCodeTaken(ctx, tx, queries.DiscountCodeTakenParams{BrandID: brandID, Code: code, ExceptID: uuid.Nil})
		if err != nil {
			return "", err
		}
		if !taken {
			return code, nil
		}
	}
	return "", errors.New("discountcodes: no free discount code after 10 draws")
}

// applyCode checks the fields given and writes them onto d.
func applyCode(d *DiscountCode, f CodeFields, commissionType string) error {
	if f.Code != nil {
		code := strings.TrimSpace(*f.Code)
		if !codePattern.MatchString(code) {
			return apierror.BadInput(CodeInvalidCode, "code", "Enter a code: 3 to 40 letters, digits, dashes or underscores")
		}
		d.Code = code
	}
	if f.Description != nil {
		d.Description = strings.TrimSpace(*f.Description)
	}
	if f.DiscountType != nil {
		if !slices.Contains(discountTypes, *f.DiscountType) {
			return apierror.Validation("discount_type", "Discount type must be one of: "+strings.Join(discountTypes, ", "))
		}
		d.DiscountType = *f.DiscountType
	}
	if f.DiscountValue != nil {
		d.DiscountValue = *f.DiscountValue
	}
	switch d.DiscountType {
	case "percentage":
		if !d.DiscountValue.IsPositive() || d.DiscountValue.GreaterThan(decimal.NewFromInt(1)) {
			return apierror.BadInput(CodeInvalidAmount, "discount_value", "A percentage is a fraction above 0 and at most 1: 0.10 is 10%")
		}
	case "fixed_amount":
		if !d.DiscountValue.IsPositive() || !d.DiscountValue.Equal(d.DiscountValue.Round(2)) {
			return apierror.BadInput(CodeInvalidAmount, "discount_value", "A fixed amount is above 0 with at most two decimals, like 25.00")
		}
	case "free_shipping":
		d.DiscountValue = decimal.Zero
	}
	if f.MinimumOrder != nil {
		d.MinimumOrderAmount = decimal.NullDecimal{}
		if m := *f.MinimumOrder; m != nil {
			if m.IsNegative() || !m.Equal(m.Round(2)) {
				return apierror.BadInput(CodeInvalidAmount, "minimum_order_amount", "The minimum order is an amount with at most two decimals, like 50.00")
			}
			d.MinimumOrderAmount = decimal.NullDecimal{Decimal: *m, Valid: true}
		}
	}
	if f.UsageLimit != nil {
		limit, err := usageLimit(*f.UsageLimit, "usage_limit")
		if err != nil {
			return err
		}
		d.UsageLimit = limit
	}
	if f.UsageLimitPerCustomer != nil {
		limit, err := usageLimit(*f.UsageLimitPerCustomer, "usage_limit_per_customer")
		if err != nil {
			return err
		}
		d.UsageLimitPerCustomer = limit
	}
	if f.ValidFrom != nil {
		d.ValidFrom = *f.ValidFrom
	}
	if f.ValidUntil != nil {
		d.ValidUntil = *f.ValidUntil
	}
	if d.ValidFrom != nil && d.ValidUntil != nil && !d.ValidUntil.After(*d.ValidFrom) {
		return apierror.Validation("valid_until", "The code must end after it starts")
	}
	if f.IsExclusive != nil {
		d.IsExclusive = *f.IsExclusive
	}
	if f.CommissionOverride != nil {
		d.CommissionOverride = decimal.NullDecimal{}
		if c := *f.CommissionOverride; c != nil {
			if c.IsNegative() || (commissionType == "percentage" && c.GreaterThan(decimal.NewFromInt(1))) ||
				(commissionType != "percentage" && !c.Equal(c.Round(2))) {
				return apierror.BadInput(CodeInvalidAmount, "commission_override",
					fmt.Sprintf("The commission override replaces the campaign's %s commission: for a percentage, a fraction like 0.15; for a fixed amount, at most two decimals", commissionType))
			}
			d.CommissionOverride = decimal.NullDecimal{Decimal: *c, Valid: true}
		}
	}
	if f.Status != nil {
		d.Status = *f.Status
	}
	return nil
}

// usageLimit is a limit of uses: blank (nil) for unlimited, else a whole number from 1 up.
func usageLimit(n *int, field string) (*int32, error) {
	if n == nil {
		return nil, nil
	}
	if *n < 1 || *n > math.MaxInt32 {
		return nil, apierror.BadInput(CodeInvalidAmount, field, fmt.Sprintf("A usage limit is a whole number from 1 to %d, or blank for unlimited", math.MaxInt32))
	}
	v := int32(*n)
	return &v, nil
}
