package api

import (
	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/links"
	"github.com/openaffiliate/platform/server/domain/trackingdomains"
)

func (s *Server) linkOf(l links.Link) oapi.TrackingLink {
	return oapi.TrackingLink{
		Id: l.ID, Name: l.Name, ShortCode: l.ShortCode, DestinationUrl: l.DestinationUrl,
		TrackingUrl: s.TrackingDomains.TrackingURL(l.BrandID, l.ShortCode), Status: oapi.LinkStatus(l.Status), ClickCount: l.Clicks, BotClicks: &l.BotClicks,
		CampaignId: l.CampaignID, CampaignName: l.CampaignName, AffiliateId: l.AffiliateID, AffiliateName: l.AffiliateName,
		BrandId: l.BrandID, CreatedAt: l.CreatedAt,
	}
}

func (s *Server) linkResponse(l links.Link) oapi.TrackingLinkResponse {
	resp := oapi.TrackingLinkResponse{Success: true}
	resp.Data.Link = s.linkOf(l)
	return resp
}

// trackingDomainResponse answers a brand's tracking domain (none when found is false) with the
// target its CNAME record points at and the TXT record that proves it the brand's.
func (s *Server) trackingDomainResponse(d trackingdomains.Domain, found bool) oapi.TrackingDomainResponse {
	resp := oapi.TrackingDomainResponse{Success: true}
	resp.Data.CnameTarget = s.TrackingDomains.CNAMETarget()
	if found {
		resp.Data.TrackingDomain = &oapi.TrackingDomain{
			Hostname: d.Hostname, Status: oapi.TrackingDomainStatus(d.Status),
			DnsRecord:       oapi.DnsRecord{Type: oapi.DnsRecordTypeCNAME, Name: d.Hostname, Value: s.TrackingDomains.CNAMETarget()},
			TxtRecord:       oapi.DnsRecord{Type: oapi.DnsRecordTypeTXT, Name: trackingdomains.TXTName(d.Hostname), Value: trackingdomains.TXTValue(d.Token)},
			TrackingBaseUrl: s.TrackingDomains.DomainBaseURL(d.Hostname), CreatedAt: d.CreatedAt, VerifiedAt: d.VerifiedAt, ExpiresAt: d.ExpiresAt,
			CheckedAt: d.CheckedAt, CheckResult: (*oapi.TrackingDomainCheckResult)(d.CheckResult), FoundTarget: d.FoundTarget,
		}
	}
	return resp
}
