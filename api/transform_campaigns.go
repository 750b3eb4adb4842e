package api

import (
	"fmt"
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/applications"
	"github.com/openaffiliate/platform/server/domain/campaigns"
	"github.com/openaffiliate/platform/server/platform/amount"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/paging"
)

func campaignOf(c campaigns.Campaign) oapi.Campaign {
	out := oapi.Campaign{
		Id: c.ID, BrandId: c.BrandID, BrandName: c.BrandName, Name: c.Name, Description: c.Description,
		HomepageUrl: c.HomepageUrl, Status: oapi.CampaignStatus(c.Status),
		StartDate: dateOf(c.StartDate), EndDate: dateOf(c.EndDate),
		Currency: oapi.CurrencyCode(c.Currency), CommissionType: oapi.CommissionType(c.CommissionType),
		CommissionBase:  oapi.CommissionBase(c.CommissionBase),
		Recurring:       oapi.Recurring(c.Recurring),
		CommissionValue: c.CommissionValue.String(), AttributionWindowDays: int(c.AttributionWindowDays),
		HoldingDays: intOf(c.HoldingDays),
		Visibility:  oapi.Visibility(c.Visibility), ApprovalMode: oapi.ApprovalMode(c.ApprovalMode),
		CreatedAt: c.CreatedAt, AffiliatesCount: c.AffiliatesCount,
	}
	if c.Budget.Valid {
		b := amount.Format(c.Budget.Decimal)
		out.Budget = &b
		r := amount.Format(*c.Remaining())
		out.Remaining = &r
	}
	if c.MembershipStatus != nil {
		m := oapi.CampaignMembershipStatus(*c.MembershipStatus)
		out.MembershipStatus = &m
	}
	out.Invited = c.Invited
	if c.RecurringLimit != nil {
		n := int(*c.RecurringLimit)
		out.RecurringLimit = &n
	}
	out.ProductRates = make([]oapi.ProductRate, len(c.ProductRates))
	for i, r := range c.ProductRates {
		out.ProductRates[i] = productRateOf(r)
	}
	out.TierBasis = oapi.TierBasis(c.TierBasis)
	out.Tiers = make([]oapi.Tier, len(c.Tiers))
	for i, t := range c.Tiers {
		out.Tiers[i] = oapi.Tier{Threshold: t.Threshold.String(), Value: t.Value.String()}
	}
	return out
}

func productRateOf(r campaigns.ProductRate) oapi.ProductRate {
	return oapi.ProductRate{Match: oapi.ProductMatch(r.Match), MatchValue: r.Key, CommissionType: oapi.CommissionType(r.Type), CommissionValue: r.Value.String()}
}

// campaignRules turns the contract's product rates and tiers into the campaign's, parsing decimals
// exactly and naming an entry's field (product_rates.2.commission_value) when one is not a number.
func campaignRules(f *campaigns.CampaignFields, b oapi.CampaignUpdate) error {
	if b.ProductRates != nil {
		rates := make([]campaigns.ProductRate, len(*b.ProductRates))
		for i, r := range *b.ProductRates {
			v, err := parseDecimal(fmt.Sprintf("product_rates.%d.commission_value", i), &r.CommissionValue)
			if err != nil {
				return err
			}
			rates[i] = campaigns.ProductRate{Match: string(r.Match), Key: r.MatchValue, Type: string(r.CommissionType), Value: *v}
		}
		f.ProductRates = &rates
	}
	if b.TierBasis != nil {
		basis := string(*b.TierBasis)
		f.TierBasis = &basis
	}
	if b.Tiers != nil {
		tiers := make([]campaigns.Tier, len(*b.Tiers))
		for i, t := range *b.Tiers {
			threshold, err := parseDecimal(fmt.Sprintf("tiers.%d.threshold", i), &t.Threshold)
			if err != nil {
				return err
			}
			v, err := parseDecimal(fmt.Sprintf("tiers.%d.value", i), &t.Value)
			if err != nil {
				return err
			}
			tiers[i] = campaigns.Tier{Threshold: *threshold, Value: *v}
		}
		f.Tiers = &tiers
	}
	return nil
}

func campaignResponse(c campaigns.Campaign) oapi.CampaignResponse {
	resp := oapi.CampaignResponse{Success: true}
	resp.Data.Campaign = campaignOf(c)
	return resp
}

func campaignList(cs []campaigns.Campaign, total int, p paging.Page) oapi.CampaignListResponse {
	resp := oapi.CampaignListResponse{Success: true}
	resp.Data.Campaigns = make([]oapi.Campaign, len(cs))
	for i, c := range cs {
		resp.Data.Campaigns[i] = campaignOf(c)
	}
	resp.Data.Total = total
	resp.Data.Limit, resp.Data.Offset = pageInfo(p)
	return resp
}

func invitationOf(i applications.Invitation) oapi.Invitation {
	out := oapi.Invitation{Id: i.ID, Email: i.Email, AffiliateName: i.AffiliateName, CreatedAt: i.CreatedAt}
	if i.AffiliateID.Valid {
		out.AffiliateId = &i.AffiliateID.UUID
	}
	if i.MembershipStatus != nil {
		m := oapi.InvitationMembershipStatus(*i.MembershipStatus)
		out.MembershipStatus = &m
	}
	return out
}

func applicationOf(a applications.Application) oapi.Application {
	return oapi.Application{
		Id: a.ID, CampaignId: a.CampaignID, CampaignName: a.CampaignName, BrandId: a.BrandID,
		AffiliateId: a.AffiliateID, AffiliateName: a.AffiliateName, AffiliateEmail: a.AffiliateEmail,
		Status: oapi.MembershipStatus(a.Status), CreatedAt: a.CreatedAt, DecidedAt: a.DecidedAt,
	}
}

// campaignFields turns the contract's campaign fields into campaigns.CampaignFields, parsing decimals exactly.
func campaignFields(b oapi.CampaignUpdate) (campaigns.CampaignFields, error) {
	f := campaigns.CampaignFields{
		Name: b.Name, Description: b.Description, HomepageURL: b.HomepageUrl, Status: b.Status,
		AttributionWindowDays: b.AttributionWindowDays,
		HoldingDays:           optional(b.HoldingDays),
		StartDate:             optionalDate(b.StartDate), EndDate: optionalDate(b.EndDate),
	}
	if b.Currency != nil {
		c := string(*b.Currency)
		f.Currency = &c
	}
	if b.CommissionType != nil {
		c := string(*b.CommissionType)
		f.CommissionType = &c
	}
	if b.CommissionBase != nil {
		c := string(*b.CommissionBase)
		f.CommissionBase = &c
	}
	if b.Recurring != nil {
		r := string(*b.Recurring)
		f.Recurring = &r
	}
	f.RecurringLimit = b.RecurringLimit
	if b.Visibility != nil {
		v := string(*b.Visibility)
		f.Visibility = &v
	}
	if b.ApprovalMode != nil {
		a := string(*b.ApprovalMode)
		f.ApprovalMode = &a
	}
	budget, err := parseDecimal("budget", b.Budget)
	if err != nil {
		return f, err
	}
	if budget != nil {
		f.Budget = ptr(budget)
	}
	if f.CommissionValue, err = parseDecimal("commission_value", b.CommissionValue); err != nil {
		return f, err
	}
	if err := campaignRules(&f, b); err != nil {
		return f, err
	}
	var clear []oapi.CampaignUpdateClear
	if b.Clear != nil {
		clear = *b.Clear
	}
	for _, field := range clear {
		switch field {
		case oapi.CampaignUpdateClearStartDate:
			if b.StartDate != nil {
				return f, setAndCleared(field)
			}
			f.StartDate = ptr[*time.Time](nil)
		case oapi.CampaignUpdateClearEndDate:
			if b.EndDate != nil {
				return f, setAndCleared(field)
			}
			f.EndDate = ptr[*time.Time](nil)
		case oapi.CampaignUpdateClearBudget:
			if b.Budget != nil {
				return f, setAndCleared(field)
			}
			f.Budget = ptr[*decimal.Decimal](nil)
		case oapi.CampaignUpdateClearHoldingDays:
			if b.HoldingDays != nil {
				return f, setAndCleared(field)
			}
			f.HoldingDays = ptr[*int](nil)
		}
	}
	return f, nil
}

func setAndCleared(field oapi.CampaignUpdateClear) error {
	return apierror.Validation(string(field), fmt.Sprintf("%s is both set and cleared: send one or the other", field))
}

// optional turns a value that is set or absent into a field to set (nil keeps it).
func optional[T any](v *T) **T {
	if v == nil {
		return nil
	}
	return &v
}

func optionalDate(d *openapi_types.Date) **time.Time {
	if d == nil {
		return nil
	}
	t := d.Time
	return ptr(&t)
}
