// Package conversions records the orders a brand's shop reports, once each, attributes them to a
// click or a discount code, and computes the commission they earn (PRODUCT.md 5).
package conversions

import (
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/queries"
)

// Attribution kinds.
const (
	ByLink = "link"
	ByCode = "discount_code"
	ByNone = "none"
)

// Statuses of a conversion.
const (
	StatusPending   = "pending"
	StatusConfirmed = "confirmed"
	StatusRejected  = "rejected"
	StatusFlagged   = "flagged"
	StatusReversed  = "reversed"
	StatusPaid      = "paid"
)

// Fraud rules; a flagged conversion names the one that fired first.
const (
	RuleSelfReferral   = "self_referral"
	RuleClickBurst     = "click_burst"
	RuleFastConversion = "fast_conversion"
	RuleCodeLimit      = "code_limit"
	RuleReusedOrder    = "reused_order"
)

// Conversion is a stored order with what attributed it and what it earns.
type Conversion struct {
	ID                 uuid.UUID
	BrandID            uuid.UUID
	OrderID            string
	OrderTotal         decimal.Decimal
	Currency           string
	CustomerEmail      string
	ConvertedAt        time.Time
	Source             string
	Attribution        string
	ClickID            uuid.NullUUID
	LinkID             uuid.NullUUID
	DiscountCode       string
	DiscountCodeID     uuid.NullUUID
	CampaignID         uuid.NullUUID
	AffiliateID        uuid.NullUUID
	CommissionCurrency string
	ExchangeRate       decimal.Decimal
	CommissionAmount   decimal.Decimal
	OriginalCommission decimal.Decimal
	RefundedAmount     decimal.Decimal
	Status             string
	FlagReason         string
	CreatedAt          time.Time
	UpdatedAt          time.Time

	BrandName, CampaignName, AffiliateName, LinkCode string
}

// conversionOf is the one mapping from a conversion's row to a Conversion.
func conversionOf(r queries.GetConversionRow) Conversion {
	v := r.Conversion
	return Conversion{
		ID: v.ID, BrandID: v.BrandID, OrderID: v.OrderID, OrderTotal: v.OrderTotal, Currency: v.Currency,
		CustomerEmail: v.CustomerEmail, ConvertedAt: v.ConvertedAt, Source: v.Source, Attribution: v.Attribution,
		ClickID: v.ClickID, LinkID: v.LinkID, DiscountCode: v.DiscountCode, DiscountCodeID: v.DiscountCodeID,
		CampaignID: v.CampaignID, AffiliateID: v.AffiliateID, CommissionCurrency: v.CommissionCurrency,
		ExchangeRate: v.ExchangeRate, CommissionAmount: v.CommissionAmount, OriginalCommission: v.OriginalCommission,
		RefundedAmount: v.RefundedAmount, Status: v.Status, FlagReason: v.FlagReason, CreatedAt: v.CreatedAt,
		UpdatedAt: v.UpdatedAt,
		BrandName: r.BrandName, CampaignName: r.CampaignName, AffiliateName: r.AffiliateName, LinkCode: r.LinkCode,
	}
}

// FraudLimits are the thresholds of the fraud rules.
type FraudLimits struct {
	// BurstClicks: more clicks than this from one address on one link in the minute before the
	// attributed click flags the conversion.
	BurstClicks int
	// FastConversion: an order this soon after its click is flagged.
	FastConversion time.Duration
}

// DefaultFraudLimits are the platform's thresholds.
var DefaultFraudLimits = FraudLimits{BurstClicks: 10, FastConversion: 5 * time.Second}

// Service records and reads conversions.
type Service struct {
	pool  *pgxpool.Pool
	q     *queries.Queries
	now   func() time.Time
	fraud FraudLimits
}

// New makes the service; now is the clock (time.Now outside tests).
func New(pool *pgxpool.Pool, now func() time.Time, fraud FraudLimits) *Service {
	return &Service{pool: pool, q: queries.New(), now: now, fraud: fraud}
}
