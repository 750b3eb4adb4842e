// Package conversions records the orders a brand's shop reports, once each, attributes them to a
// click or a discount code, and computes the commission they earn (docs/product.md §6).
package conversions

import (
	"context"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/clickid"
	"github.com/openaffiliate/platform/server/domain/currency"
	"github.com/openaffiliate/platform/server/domain/emergency"
	"github.com/openaffiliate/platform/server/domain/webhooks"
	"github.com/openaffiliate/platform/server/platform/change"
	"github.com/openaffiliate/platform/server/platform/tenancy"
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
)

// Conversion is a stored order with what attributed it, what it earns, and the names its views show.
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
	Kind               string // sale or renewal
	SubscriptionID     string // the subscription it is a payment of, or empty
	CommissionNote     string // why an attributed renewal earns nothing (the Note* values), or empty
	CreatedAt          time.Time
	UpdatedAt          time.Time
	DecidedAt          *time.Time
	ReversedAmount     decimal.Decimal
	PayoutID           uuid.NullUUID
	Tier               *TierReached     // the performance tier it reached when stored, or nil
	Lines              []ConversionLine // its order's lines; read with one conversion (Get), not in lists

	BrandName, CampaignName, AffiliateName, LinkCode string
}

// conversionOf is the one mapping from a conversion's row, with its names, to a Conversion.
func conversionOf(v queries.Conversion, brandName, campaignName, affiliateName, linkCode string) Conversion {
	return Conversion{
		ID: v.ID, BrandID: v.BrandID, OrderID: v.OrderID, OrderTotal: v.OrderTotal, Currency: v.Currency,
		CustomerEmail: v.CustomerEmail, ConvertedAt: v.ConvertedAt, Source: v.Source, Attribution: v.Attribution,
		ClickID: v.ClickID, LinkID: v.LinkID, DiscountCode: v.DiscountCode, DiscountCodeID: v.DiscountCodeID,
		CampaignID: v.CampaignID, AffiliateID: v.AffiliateID, CommissionCurrency: v.CommissionCurrency,
		ExchangeRate: v.ExchangeRate, CommissionAmount: v.CommissionAmount, OriginalCommission: v.OriginalCommission,
		RefundedAmount: v.RefundedAmount, Status: v.Status, FlagReason: v.FlagReason,
		Kind: v.Kind, SubscriptionID: v.SubscriptionID, CommissionNote: v.CommissionNote, CreatedAt: v.CreatedAt,
		UpdatedAt: v.UpdatedAt, DecidedAt: v.DecidedAt, ReversedAmount: v.ReversedAmount, PayoutID: v.PayoutID,
		BrandName: brandName, CampaignName: campaignName, AffiliateName: affiliateName, LinkCode: linkCode,
		Tier: tierOf(v),
	}
}

// seenBy is the conversion as the scope may read it: an affiliate sees the brand's customer only
// as the first letter of the email and its domain ("j***@example.com"), enough to tell orders
// apart but not to contact or identify the buyer.
func seenBy(sc tenancy.Scope, c Conversion) Conversion {
	if sc.IsAffiliate() {
		c.CustomerEmail = MaskEmail(c.CustomerEmail)
	}
	return c
}

// MaskEmail keeps an address's first character and its domain: what follows the last "@", since a
// quoted local part may hold one too ("ana@home"@example.com).
func MaskEmail(email string) string {
	if email == "" {
		return ""
	}
	local, domain, found := email, "", false
	if i := strings.LastIndexByte(email, '@'); i >= 0 {
		local, domain, found = email[:i], email[i+1:], true
	}
	first := ""
	if r, size := utf8.DecodeRuneInString(local); size > 0 {
		first = string(r)
	}
	if !found {
		return first + "***"
	}
	return first + "***@" + domain
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
	pool   *pgxpool.Pool
	q      *queries.Queries
	now    func() time.Time
	fraud  FraudLimits
	ids    *clickid.Signer    // reads the signed click ids orders carry
	stop   *emergency.Service // the host's switches: ingestion paused, maintenance
	events *webhooks.Events   // the brands' webhook events of conversions

	ratesMu sync.Mutex
	rates   map[string]decimal.Decimal
	ratesAt time.Time

	group groups // orders waiting to be stored together (group.go)
}

// ratesTTL is how long the stored exchange rates are kept in memory between reads: every order
// needs them, and they change rarely (a change.Rates event drops them at once).
const ratesTTL = 10 * time.Second

// storedRates are the platform's exchange rates (RON base), read at most once per ratesTTL.
func (s *Service) storedRates(ctx context.Context) (map[string]decimal.Decimal, error) {
	s.ratesMu.Lock()
	defer s.ratesMu.Unlock()
	if s.rates != nil && time.Since(s.ratesAt) < ratesTTL {
		return s.rates, nil
	}
	rates, _, err := currency.StoredRates(ctx, s.pool)
	if err != nil {
		return nil, err
	}
	s.rates, s.ratesAt = rates, time.Now()
	return rates, nil
}

// Invalidate makes the next order read the stored rates again after the host changed them.
func (s *Service) Invalidate(_ context.Context, e change.Event) {
	if e.Kind != change.Rates {
		return
	}
	s.ratesMu.Lock()
	s.rates = nil
	s.ratesMu.Unlock()
}

// New makes the service; now is the clock (time.Now outside tests).
func New(pool *pgxpool.Pool, now func() time.Time, fraud FraudLimits, ids *clickid.Signer) *Service {
	return &Service{pool: pool, q: queries.New(), now: now, fraud: fraud, ids: ids, stop: emergency.New(pool),
		group: groups{opts: GroupOptions{}.withDefaults(), inFlight: map[orderKey]*pendingOrder{}}}
}

// SetEvents makes the service write the brands' webhook events (conversion.created,
// conversion.status_changed) in the transactions of the changes; without it, none are written.
func (s *Service) SetEvents(e *webhooks.Events) { s.events = e }
