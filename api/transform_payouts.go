package api

import (
	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/payouts"
	"github.com/openaffiliate/platform/server/platform/amount"
)

func payoutOf(p payouts.Payout) oapi.Payout {
	return oapi.Payout{
		Id: p.ID, BrandId: p.BrandID, BrandName: p.BrandName, AffiliateId: nullUUID(p.AffiliateID),
		AffiliateName: p.AffiliateName, AffiliateEmail: p.AffiliateEmail, Currency: p.Currency,
		Amount: amount.Format(p.Amount), ConversionCount: int(p.ConversionCount), Status: oapi.PayoutStatus(p.Status),
		Reference: p.Reference, CreatedAt: p.CreatedAt, PaidAt: p.PaidAt,
	}
}

func payoutResponse(p payouts.Payout) oapi.PayoutResponse {
	resp := oapi.PayoutResponse{Success: true}
	resp.Data.Payout = payoutOf(p)
	return resp
}

func payoutList(list []payouts.Payout, total, limit, offset int) oapi.PayoutListResponse {
	resp := oapi.PayoutListResponse{Success: true}
	resp.Data.Payouts = make([]oapi.Payout, len(list))
	for i, p := range list {
		resp.Data.Payouts[i] = payoutOf(p)
	}
	resp.Data.Total, resp.Data.Limit, resp.Data.Offset = total, limit, offset
	return resp
}

func payableOf(p payouts.Payable) oapi.Payable {
	return oapi.Payable{
		BrandId: p.BrandID, BrandName: p.BrandName, AffiliateId: p.AffiliateID.UUID, AffiliateName: p.AffiliateName,
		Currency: p.Currency, Amount: amount.Format(p.Amount), ConversionCount: int(p.ConversionCount),
	}
}

func payoutSkippedOf(k payouts.Skipped) oapi.PayoutSkipped {
	return oapi.PayoutSkipped{
		BrandId: k.BrandID, AffiliateId: k.AffiliateID, Currency: k.Currency, Amount: amount.Format(k.Amount),
		ConversionCount: k.Conversions, Reason: oapi.PayoutSkippedReason(k.Reason), Message: k.Message,
	}
}
