package api

import (
	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/clicks"
	"github.com/openaffiliate/platform/server/platform/jobs"
)

func clickOf(c clicks.Click) oapi.Click {
	return oapi.Click{
		Id: c.ID, ClickedAt: c.At, LinkId: c.LinkID, CampaignId: c.CampaignID, AffiliateId: c.AffiliateID,
		BrandId: c.BrandID, IpHash: c.IPHash, UserAgent: c.UserAgent, Referrer: c.Referrer, IsBot: c.IsBot,
	}
}

// jobKindStatsOf is one kind's counts per River state, and its latest error when one was kept.
func jobKindStatsOf(k jobs.KindStats) oapi.JobKindStats {
	out := oapi.JobKindStats{
		Kind: k.Kind, Available: k.States["available"], Scheduled: k.States["scheduled"], Pending: k.States["pending"],
		Running: k.States["running"], Retryable: k.States["retryable"], Completed: k.States["completed"],
		Discarded: k.States["discarded"], Cancelled: k.States["cancelled"],
	}
	if k.LastError != "" {
		msg, attempt := k.LastError, k.LastErrorAttempt
		out.LastError, out.LastErrorAt, out.LastErrorAttempt = &msg, k.LastErrorAt, &attempt
	}
	return out
}
