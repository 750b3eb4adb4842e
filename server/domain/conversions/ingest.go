package conversions

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/activity"
	"github.com/openaffiliate/platform/server/domain/clickid"
	"github.com/openaffiliate/platform/server/platform/amount"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// Order is an order as a shop reports it, through the conversion API or a Shopify webhook.
type Order struct {
	OrderID       string
	Total         decimal.Decimal
	Currency      string
	CustomerEmail string
	// ConvertedAt is when the order was placed; nil means now.
	ConvertedAt *time.Time
	// ClickID is the aff_click value the shop kept from the landing page, if any.
	ClickID      string
	DiscountCode string
	Source       string
	// Subtotal is the order after discounts without tax and shipping, when the source says it
	// (Shopify, WooCommerce): a campaign whose commission_base is subtotal takes its percentage of it.
	Subtotal *decimal.Decimal
	// Kind is sale (the default) or renewal: a later payment of the subscription SubscriptionID
	// names, attributed as its first payment was (subscription.go).
	Kind           string
	SubscriptionID string
	CustomerID     string
	// Lines are the order's lines, when the source reports them: lines a campaign's product rate
	// matches earn that rate (docs/product.md §6.1).
	Lines []Line

	// at is ConvertedAt, or now when it is nil, once check has passed.
	at time.Time
}

var (
	maxOrderTotal   = amount.MaxMoney
	earliestOrder   = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	currencyPattern = regexp.MustCompile(`^[A-Z]{3}$`)
)

// clockSkew is how far a shop's clock may run ahead of ours: an order "from the future" within it
// is accepted, and a click up to this long after the order still counts as before it.
const clockSkew = 5 * time.Minute

// check refuses what cannot be an order, naming the field; it normalises what it keeps.
func (s *Service) check(o *Order) error {
	o.OrderID = strings.TrimSpace(o.OrderID)
	o.Currency = strings.ToUpper(strings.TrimSpace(o.Currency))
	o.CustomerEmail = strings.TrimSpace(o.CustomerEmail)
	o.DiscountCode = strings.TrimSpace(o.DiscountCode)
	o.ClickID = strings.TrimSpace(o.ClickID)
	o.SubscriptionID = strings.TrimSpace(o.SubscriptionID)
	o.CustomerID = strings.TrimSpace(o.CustomerID)
	if o.Kind == "" {
		o.Kind = KindSale
	}
	for _, f := range [...]struct{ field, text string }{{"order_id", o.OrderID}, {"currency", o.Currency},
		{"customer_email", o.CustomerEmail}, {"discount_code", o.DiscountCode}, {"click_id", o.ClickID},
		{"subscription_id", o.SubscriptionID}, {"customer_id", o.CustomerID}} {
		if strings.ContainsRune(f.text, 0) || !utf8.ValidString(f.text) {
			// PostgreSQL's text holds neither: refused here, naming the field, rather than by the insert.
			return apierror.Invalid(f.field, "pattern", "The "+strings.ReplaceAll(f.field, "_", " ")+" is not valid UTF-8 text")
		}
	}
	switch {
	case o.OrderID == "":
		return apierror.Invalid("order_id", "required", "An order id is required")
	case utf8.RuneCountInString(o.OrderID) > 255:
		return apierror.Invalid("order_id", "maxLength", "An order id has at most 255 characters")
	case o.Total.IsNegative():
		return apierror.Invalid("order_total", "minimum", "The order total must not be negative")
	case o.Total.GreaterThan(maxOrderTotal):
		return apierror.Invalid("order_total", "maximum", "The order total is larger than any order can be")
	case !o.Total.Equal(o.Total.Round(2)):
		return apierror.Invalid("order_total", "decimal", "The order total has at most two decimals")
	case !currencyPattern.MatchString(o.Currency):
		return apierror.Invalid("currency", "pattern", "The currency is a three-letter ISO 4217 code, such as RON")
	case utf8.RuneCountInString(o.CustomerEmail) > 254:
		return apierror.Invalid("customer_email", "maxLength", "An email address has at most 254 characters")
	case utf8.RuneCountInString(o.DiscountCode) > 255:
		return apierror.Invalid("discount_code", "maxLength", "A discount code has at most 255 characters")
	case o.Kind != KindSale && o.Kind != KindRenewal:
		return apierror.Invalid("kind", "enum", "The kind is sale or renewal")
	case utf8.RuneCountInString(o.SubscriptionID) > 255:
		return apierror.Invalid("subscription_id", "maxLength", "A subscription id has at most 255 characters")
	case utf8.RuneCountInString(o.CustomerID) > 255:
		return apierror.Invalid("customer_id", "maxLength", "A customer id has at most 255 characters")
	case o.Kind == KindRenewal && o.SubscriptionID == "":
		return apierror.Invalid("subscription_id", "required", "A renewal names its subscription")
	}
	if err := checkLines(o.Lines); err != nil {
		return err
	}
	// A time that was sent is checked whatever it is: 0001-01-01T00:00:00Z is a time, not "absent".
	now := s.now()
	o.at = now
	if o.ConvertedAt != nil {
		o.at = *o.ConvertedAt
	}
	if o.at.After(now.Add(clockSkew)) {
		return apierror.Invalid("converted_at", "maximum", "The conversion time is in the future")
	}
	if o.at.Before(earliestOrder) {
		return apierror.Invalid("converted_at", "minimum", "The conversion time is before the year 2000")
	}
	return nil
}

// Ingest stores an order once: the first copy is attributed and stored (created true); any later
// copy, including one that races it, answers the stored conversion and changes nothing.
//
// Every order of a shop passes here, so orders received together are stored together (group.go):
// one read answers the repeats of a group and one commit stores its new orders. A new order takes
// the click's read (with the burst rule's count) or, for an order with a discount code, the code's
// read under a lock, then one statement that stores the conversion and counts the code's use, the
// activity log (the host's too, for an order id another brand holds), and the refunds kept for it
// (with the order id's lock). A copy of an order already on its way waits for it and answers it.
//
// The brand is the scope's: a brand's session or API key, or its shop's signed webhook; any other
// scope is refused.
func (s *Service) Ingest(ctx context.Context, sc tenancy.Scope, o Order) (Conversion, bool, error) {
	brandID, ok := sc.BrandID()
	if !ok {
		return Conversion{}, false, apierror.Forbidden("Only a brand reports its orders")
	}
	// The host's switches hold for every caller: the API, Shopify, the dev seed, any job.
	if err := s.stop.CheckIngestion(ctx); err != nil {
		return Conversion{}, false, err
	}
	if err := s.check(&o); err != nil {
		return Conversion{}, false, err
	}
	rates, err := s.storedRates(ctx)
	if err != nil {
		return Conversion{}, false, err
	}
	record := func(db queries.DBTX) (Conversion, bool, error) {
		if _, ok := rates[o.Currency]; !ok {
			// Checked here, after the repeat check: a stored order is answered whatever its currency.
			return Conversion{}, false, apierror.Invalid("currency", "enum", "The platform has no exchange rate for "+o.Currency)
		}
		d, err := s.decide(ctx, db, brandID, o, rates)
		if err != nil {
			return Conversion{}, false, err
		}
		params := queries.RecordConversionParams{
			BrandID: brandID, OrderID: o.OrderID, OrderTotal: o.Total, Currency: o.Currency,
			CustomerEmail: o.CustomerEmail, ConvertedAt: o.at, Source: o.Source,
			Attribution: d.attribution, ClickID: d.clickID, LinkID: d.linkID, DiscountCode: o.DiscountCode,
			DiscountCodeID: d.codeID, CampaignID: d.campaignID, AffiliateID: d.affiliateID,
			CommissionCurrency: d.commissionCurrency, ExchangeRate: d.rate, CommissionAmount: d.commission,
			Status: d.status, FlagReason: d.flag,
			Kind: o.Kind, SubscriptionID: o.SubscriptionID, CommissionNote: d.note,
		}
		if d.countCodeUse {
			params.CountCodeID = d.codeID
		}
		row, err := s.q.RecordConversion(ctx, db, params)
		if errors.Is(err, pgx.ErrNoRows) {
			// A copy of this order was stored first: answer that one.
			c, _, err := s.byOrder(ctx, db, brandID, o.OrderID)
			return c, false, err
		}
		if err != nil {
			return Conversion{}, false, err
		}
		if err := logRecorded(ctx, db, row); err != nil {
			return Conversion{}, false, err
		}
		if err := s.emitCreated(ctx, db, row); err != nil {
			return Conversion{}, false, err
		}
		if err := s.countSubscription(ctx, db, brandID, o, d); err != nil {
			return Conversion{}, false, err
		}
		if err := s.storeRules(ctx, db, brandID, row.ID, d.lines, d.tier); err != nil {
			return Conversion{}, false, err
		}
		c := recorded(row)
		c.Lines, c.Tier = d.lines, d.tier
		return c, true, nil
	}
	// In one transaction with the orders received at the same time and with the refunds that
	// arrived before the order (group.go). A code is read under its row lock until the group is
	// committed, so its usage limits are counted exactly when orders with one code arrive together.
	return s.storeOrder(ctx, brandID, o.OrderID, orderLocks{code: strings.ToLower(o.DiscountCode), subscription: o.SubscriptionID}, record)
}

// logRecorded logs a stored order: the brand's and affiliate's entry, and the host's when another
// brand holds the order id with another total.
func logRecorded(ctx context.Context, db queries.DBTX, r queries.RecordConversionRow) error {
	id := r.ID.String()
	if err := activity.Log(ctx, db, uuid.Nil, activity.ConversionRecorded, id, map[string]any{
		"brand_id": r.BrandID, "order_id": r.OrderID, "source": r.Source, "attribution": r.Attribution,
		"commission": amount.Format(r.CommissionAmount), "status": r.Status, "flag_reason": r.FlagReason,
	}); err != nil {
		return err
	}
	if len(r.OtherBrandIds) == 0 {
		return nil
	}
	return activity.Log(ctx, db, uuid.Nil, activity.ConversionOrderShared, id, map[string]any{
		"brand_id": r.BrandID, "order_id": r.OrderID, "order_total": json.Number(amount.Format(r.OrderTotal)),
		"other_brand_ids": r.OtherBrandIds,
	})
}

// byOrder is a brand's stored conversion of an order, if there is one.
func (s *Service) byOrder(ctx context.Context, db queries.DBTX, brandID uuid.UUID, orderID string) (Conversion, bool, error) {
	r, err := s.q.GetConversionByOrder(ctx, db, queries.GetConversionByOrderParams{BrandID: brandID, OrderID: orderID})
	if errors.Is(err, pgx.ErrNoRows) {
		return Conversion{}, false, nil
	}
	if err != nil {
		return Conversion{}, false, err
	}
	return conversionOf(r.Conversion, r.BrandName, r.CampaignName, r.AffiliateName, r.LinkCode), true, nil
}

// recorded is the conversion RecordConversion stored.
func recorded(r queries.RecordConversionRow) Conversion {
	return conversionOf(queries.Conversion{
		ID: r.ID, BrandID: r.BrandID, OrderID: r.OrderID, OrderTotal: r.OrderTotal, Currency: r.Currency,
		CustomerEmail: r.CustomerEmail, ConvertedAt: r.ConvertedAt, Source: r.Source, Attribution: r.Attribution,
		ClickID: r.ClickID, LinkID: r.LinkID, DiscountCode: r.DiscountCode, DiscountCodeID: r.DiscountCodeID,
		CampaignID: r.CampaignID, AffiliateID: r.AffiliateID, CommissionCurrency: r.CommissionCurrency,
		ExchangeRate: r.ExchangeRate, CommissionAmount: r.CommissionAmount, OriginalCommission: r.OriginalCommission,
		RefundedAmount: r.RefundedAmount, Status: r.Status, FlagReason: r.FlagReason, CreatedAt: r.CreatedAt,
		UpdatedAt: r.UpdatedAt, DecidedAt: r.DecidedAt, ReversedAmount: r.ReversedAmount, PayoutID: r.PayoutID,
		Kind: r.Kind, SubscriptionID: r.SubscriptionID, CommissionNote: r.CommissionNote,
	}, r.BrandName, r.CampaignName, r.AffiliateName, r.LinkCode)
}

// decision is what attribution, the commission rule and the fraud rules made of an order.
type decision struct {
	attribution                                      string
	clickID, linkID, codeID, campaignID, affiliateID uuid.NullUUID
	commissionCurrency                               string
	rate, commission                                 decimal.Decimal
	status, flag                                     string
	countCodeUse                                     bool
	// note says why a renewal earns nothing; renewal is whether a remembered subscription
	// attributed it.
	note    string
	renewal bool
	// lines are the order's lines with what each earned; tier the tier the affiliate had reached.
	lines []ConversionLine
	tier  *TierReached
}

// decide attributes an order: the click, if it is valid (this brand's, a person's, within its
// campaign's window, its affiliate still approved); else a valid discount code of the brand; else
// nobody. Then the commission, and the fraud rules.
func (s *Service) decide(ctx context.Context, db queries.DBTX, brandID uuid.UUID, o Order, rates map[string]decimal.Decimal) (decision, error) {
	if o.Kind == KindRenewal {
		return s.decideRenewal(ctx, db, brandID, o, rates)
	}
	click, err := s.validClick(ctx, db, brandID, o)
	if err != nil {
		return decision{}, err
	}
	code, err := s.usableCode(ctx, db, brandID, o, rates)
	if err != nil {
		return decision{}, err
	}
	d := decision{attribution: ByNone, commissionCurrency: o.Currency, rate: decimal.NewFromInt(1), status: StatusPending}
	var campaign queries.Campaign
	var affiliateEmail string
	switch {
	case click != nil:
		d.attribution, campaign, affiliateEmail = ByLink, click.Campaign, click.AffiliateEmail
		d.clickID = uuid.NullUUID{UUID: click.ID, Valid: true}
		d.linkID = uuid.NullUUID{UUID: click.LinkID, Valid: true}
		d.affiliateID = uuid.NullUUID{UUID: click.AffiliateID, Valid: true}
	case code != nil:
		d.attribution, campaign, affiliateEmail = ByCode, code.Campaign, code.AffiliateEmail
		d.affiliateID = uuid.NullUUID{UUID: code.DiscountCode.AffiliateID, Valid: true}
	}
	if code != nil {
		d.codeID = uuid.NullUUID{UUID: code.DiscountCode.ID, Valid: true}
		d.countCodeUse = true
	}
	if d.attribution == ByNone {
		// Nobody earns from it: no commission, no fraud rule.
		return d, nil
	}
	// A code's override replaces every rate of its campaign for orders that used the code.
	var override *decimal.Decimal
	if code != nil && code.DiscountCode.CampaignID == campaign.ID && code.DiscountCode.CommissionOverride.Valid {
		override = &code.DiscountCode.CommissionOverride.Decimal
	}
	rules, tier, err := s.rulesFor(ctx, db, brandID, campaign, d.affiliateID.UUID, o.at, override)
	if err != nil {
		return decision{}, err
	}
	if err := d.earn(o, campaign, rules, tier, rates); err != nil {
		return decision{}, err
	}

	// Fraud rules, in order; the first that fires names the flag.
	switch {
	case o.CustomerEmail != "" && strings.EqualFold(o.CustomerEmail, affiliateEmail):
		d.flag = RuleSelfReferral
	case click != nil && s.fraud.FastConversion > 0 && o.at.Sub(click.ClickedAt) < s.fraud.FastConversion:
		d.flag = RuleFastConversion
	case code != nil && overLimit(code):
		d.flag = RuleCodeLimit
	}
	if d.flag == "" && click != nil && s.fraud.BurstClicks > 0 && int(click.RecentClicks) > s.fraud.BurstClicks {
		d.flag = RuleClickBurst
	}
	if d.flag != "" {
		d.status = StatusFlagged
	}
	return d, nil
}

// validClick is the order's click when it may attribute the order, else nil. The order carries
// a signed click id (package clickid), or the bare click id of a link visited before click ids
// were signed. A signed id attributes even when its click's row was never stored (the redirect's
// buffer was lost in a crash): its link and time stand in for the row.
func (s *Service) validClick(ctx context.Context, db queries.DBTX, brandID uuid.UUID, o Order) (*queries.ClickForAttributionRow, error) {
	claims, signed := s.ids.Read(o.ClickID)
	id := claims.Click
	if !signed {
		bare, err := uuid.Parse(o.ClickID)
		if o.ClickID == "" || err != nil {
			return nil, nil
		}
		id = bare
	}
	row, err := s.q.ClickForAttribution(ctx, db, id)
	if errors.Is(err, pgx.ErrNoRows) && signed {
		row, err = s.unstoredClick(ctx, db, claims)
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	window := time.Duration(row.Campaign.AttributionWindowDays) * 24 * time.Hour
	switch {
	case row.BrandID != brandID, row.IsBot, !row.Earning,
		signed && row.LinkID != claims.Link,
		row.ClickedAt.After(o.at.Add(clockSkew)),
		o.at.Sub(row.ClickedAt) > window:
		return nil, nil
	}
	return &row, nil
}

// unstoredClick stands in for the row of a signed click id's click that was never stored: its
// link's campaign and affiliate, at the time and with the bot mark the id carries (the clicks
// around it, for the burst rule, are unknown).
func (s *Service) unstoredClick(ctx context.Context, db queries.DBTX, c clickid.Claims) (queries.ClickForAttributionRow, error) {
	link, err := s.q.LinkForAttribution(ctx, db, c.Link)
	if err != nil {
		return queries.ClickForAttributionRow{}, err
	}
	return queries.ClickForAttributionRow{
		ID: c.Click, ClickedAt: c.At(), LinkID: link.ID, BrandID: link.BrandID, AffiliateID: link.AffiliateID,
		IsBot: c.Bot, Campaign: link.Campaign, AffiliateEmail: link.AffiliateEmail, Earning: link.Earning,
	}, nil
}

// usableCode is the order's discount code when it is the brand's and usable: active, within its
// dates, its affiliate still approved, and the order at least its minimum. Usage over its limits
// does not stop it (the shop took the code); the fraud rule flags it instead.
func (s *Service) usableCode(ctx context.Context, db queries.DBTX, brandID uuid.UUID, o Order, rates map[string]decimal.Decimal) (*queries.CodeForAttributionRow, error) {
	if o.DiscountCode == "" {
		return nil, nil
	}
	row, err := s.q.CodeForAttribution(ctx, db, queries.CodeForAttributionParams{BrandID: brandID, Code: o.DiscountCode, CustomerEmail: o.CustomerEmail})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	c := row.DiscountCode
	switch {
	case c.Status != "active", !row.Earning,
		c.ValidFrom != nil && o.at.Before(*c.ValidFrom),
		c.ValidUntil != nil && o.at.After(*c.ValidUntil):
		return nil, nil
	}
	if c.MinimumOrderAmount.Valid {
		rate, ok := ExchangeRate(rates, o.Currency, row.Campaign.Currency)
		if !ok || o.Total.Mul(rate).LessThan(c.MinimumOrderAmount.Decimal) {
			return nil, nil
		}
	}
	return &row, nil
}

// overLimit: the code has been used as often as its limits allow, overall or by this customer.
func overLimit(code *queries.CodeForAttributionRow) bool {
	c := code.DiscountCode
	return (c.UsageLimit != nil && c.CurrentUsageCount >= *c.UsageLimit) ||
		(c.UsageLimitPerCustomer != nil && code.CustomerUses >= *c.UsageLimitPerCustomer)
}

// base is what a commission is computed on: for a percentage, the subtotal when the campaign says
// so and the order has one (never more than the total); else the total (a fixed commission is
// capped by it).
func (o Order) base(rule Rule, commissionBase string) decimal.Decimal {
	if rule.Type == "percentage" && commissionBase == "subtotal" && o.Subtotal != nil && !o.Subtotal.IsNegative() && o.Subtotal.LessThan(o.Total) {
		return *o.Subtotal
	}
	return o.Total
}

// earn sets the attributed order's campaign and its commission by rules (with the tier they took,
// if any), in the campaign's currency and within its budget, applied last.
func (d *decision) earn(o Order, campaign queries.Campaign, rules Rules, tier *TierReached, rates map[string]decimal.Decimal) error {
	d.campaignID = uuid.NullUUID{UUID: campaign.ID, Valid: true}
	rate, ok := ExchangeRate(rates, o.Currency, campaign.Currency)
	if !ok {
		return apierror.Invalid("currency", "enum", "The platform has no exchange rate from "+o.Currency+" to "+campaign.Currency)
	}
	var budget *decimal.Decimal
	if campaign.Budget.Valid {
		budget = &campaign.Budget.Decimal
	}
	d.commissionCurrency, d.rate = campaign.Currency, rate
	commission, earned := Earn(rules, o.base(rules.Base, campaign.CommissionBase), o.Lines, rate)
	d.commission = WithinBudget(commission, budget, campaign.Spent)
	d.tier = tier
	d.lines = make([]ConversionLine, len(o.Lines))
	for i, l := range o.Lines {
		d.lines[i] = ConversionLine{Line: l, Rate: earned[i].Rate, Commission: earned[i].Commission}
	}
	if d.commission.GreaterThan(amount.MaxMoney) {
		return apierror.Invalid("order_total", "maximum", fmt.Sprintf(
			"The order earns a commission of %s %s, more than the platform stores (%s)",
			amount.Format(d.commission), campaign.Currency, amount.Format(amount.MaxMoney)))
	}
	return nil
}
