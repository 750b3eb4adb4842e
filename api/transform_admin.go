package api

import (
	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/clicks"
)

func clickOf(c clicks.Click) oapi.Click {
	return oapi.Click{
		Id: c.ID, ClickedAt: c.At, LinkId: c.LinkID, CampaignId: c.CampaignID, AffiliateId: c.AffiliateID,
		BrandId: c.BrandID, IpHash: c.IPHash, UserAgent: c.UserAgent, Referrer: c.Referrer, IsBot: c.IsBot,
	}
}
