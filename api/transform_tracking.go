package api

import (
	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/tracking"
)

func (s *Server) linkOf(l tracking.Link) oapi.TrackingLink {
	return oapi.TrackingLink{
		Id: l.ID, Name: l.Name, ShortCode: l.ShortCode, DestinationUrl: l.DestinationUrl,
		TrackingUrl: s.Tracking.TrackingURL(l.BrandID, l.ShortCode), Status: oapi.LinkStatus(l.Status), ClickCount: l.Clicks, BotClicks: &l.BotClicks,
		CampaignId: l.CampaignID, CampaignName: l.CampaignName, AffiliateId: l.AffiliateID, AffiliateName: l.AffiliateName,
		BrandId: l.BrandID, CreatedAt: l.CreatedAt,
	}
}

func (s *Server) linkResponse(l tracking.Link) oapi.TrackingLinkResponse {
	resp := oapi.TrackingLinkResponse{Success: true}
	resp.Data.Link = s.linkOf(l)
	return resp
}

// trackingDomainResponse answers a brand's tracking domain (none when found is false) with the
// target its CNAME record points at and the TXT record that proves it the brand's.
func (s *Server) trackingDomainResponse(d tracking.Domain, found bool) oapi.TrackingDomainResponse {
	resp := oapi.TrackingDomainResponse{Success: true}
	resp.Data.CnameTarget = s.Tracking.CNAMETarget()
	if found {
		resp.Data.TrackingDomain = &oapi.TrackingDomain{
			Hostname: d.Hostname, Status: oapi.TrackingDomainStatus(d.Status),
			DnsRecord:       oapi.DnsRecord{Type: oapi.DnsRecordTypeCNAME, Name: d.Hostname, Value: s.Tracking.CNAMETarget()},
			TxtRecord:       oapi.DnsRecord{Type: oapi.DnsRecordTypeTXT, Name: tracking.TXTName(d.Hostname), Value: tracking.TXTValue(d.Token)},
			TrackingBaseUrl: s.Tracking.DomainBaseURL(d.Hostname), CreatedAt: d.CreatedAt, VerifiedAt: d.VerifiedAt, ExpiresAt: d.ExpiresAt,
			CheckedAt: d.CheckedAt, CheckResult: (*oapi.TrackingDomainCheckResult)(d.CheckResult), FoundTarget: d.FoundTarget,
		}
	}
	return resp
}
