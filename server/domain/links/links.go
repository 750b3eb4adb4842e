// Package links is brands' and affiliates' tracking links: creating them for an approved
// affiliate of a campaign, with a destination on the brand's domains and a random short code, and
// listing, changing and deleting them (with the recent clicks the host sees). A change is published
// on the change bus, so the redirect (package redirect) drops its cached copy of the short code.
package links

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/activity"
	"github.com/openaffiliate/platform/server/domain/brands"
	"github.com/openaffiliate/platform/server/domain/campaigns"
	"github.com/openaffiliate/platform/server/domain/clicks"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/auth"
	"github.com/openaffiliate/platform/server/platform/change"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/domains"
	"github.com/openaffiliate/platform/server/platform/paging"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// Service manages tracking links; brands and campaigns answer who may see which brand and campaign.
type Service struct {
	pool      *pgxpool.Pool
	q         *queries.Queries
	brands    *brands.Service
	campaigns *campaigns.Service
	changes   *change.Bus // tells the redirect's cache of a changed link
}

// New makes the service.
func New(pool *pgxpool.Pool, b *brands.Service, camps *campaigns.Service) *Service {
	return &Service{pool: pool, q: queries.New(), brands: b, campaigns: camps, changes: change.Of(pool)}
}

// linkChanged tells the caches that a link changed or went.
func (s *Service) linkChanged(ctx context.Context, code string) {
	s.changes.Publish(ctx, change.Event{Kind: change.Link, Code: code})
}

// Link-form error codes; the web app shows its fixed message for each (docs/product.md §1).
const (
	CodeAffiliateRequired    = "AFFILIATE_REQUIRED"
	CodeNameRequired         = "NAME_REQUIRED"
	CodeInvalidURL           = "INVALID_URL"
	CodeInvalidDomain        = "INVALID_DOMAIN"
	CodeDomainNotAllowed     = "DOMAIN_NOT_ALLOWED"
	CodeAffiliateNotApproved = "AFFILIATE_NOT_APPROVED"
	CodeCampaignRequired     = "CAMPAIGN_REQUIRED"
	CodeDestinationRequired  = "DESTINATION_REQUIRED"
)

// Link is a tracking link with its campaign, affiliate and stored clicks: from people, and from
// bots (recorded, not counted).
type Link struct {
	ID             uuid.UUID
	BrandID        uuid.UUID
	CampaignID     uuid.UUID
	AffiliateID    uuid.UUID
	Name           string
	ShortCode      string
	DestinationUrl string
	Status         string
	CreatedAt      time.Time
	UpdatedAt      time.Time
	CampaignName   string
	AffiliateName  string
	Clicks         int
	BotClicks      int
}

// linkOf is the one mapping from a link's row to a Link.
func linkOf(r queries.TrackingLink, campaignName, affiliateName string, clicks, botClicks int64) Link {
	return Link{
		ID: r.ID, BrandID: r.BrandID, CampaignID: r.CampaignID, AffiliateID: r.AffiliateID, Name: r.Name,
		ShortCode: r.ShortCode, DestinationUrl: r.DestinationUrl, Status: r.Status, CreatedAt: r.CreatedAt,
		UpdatedAt: r.UpdatedAt, CampaignName: campaignName, AffiliateName: affiliateName,
		Clicks: int(clicks), BotClicks: int(botClicks),
	}
}

// LinkInput is the creation form.
type LinkInput struct {
	Name        string
	Destination string
	AffiliateID *uuid.UUID
	CampaignID  *uuid.UUID
}

// CreateLink makes a link for an approved affiliate of one of the caller brand's campaigns (any for the host).
func (s *Service) CreateLink(ctx context.Context, sc tenancy.Scope, in LinkInput) (Link, error) {
	if in.AffiliateID == nil {
		return Link{}, apierror.BadInput(CodeAffiliateRequired, "affiliate_id", "Choose an affiliate")
	}
	if strings.TrimSpace(in.Name) == "" {
		return Link{}, apierror.BadInput(CodeNameRequired, "name", "Link name is required")
	}
	if in.CampaignID == nil {
		return Link{}, apierror.BadInput(CodeCampaignRequired, "campaign_id", "Choose a campaign")
	}
	campaign, err := s.campaigns.GetCampaign(ctx, sc, *in.CampaignID)
	if err != nil {
		return Link{}, err
	}
	return s.createLink(ctx, sc, campaign, *in.AffiliateID, in.Name, in.Destination)
}

// GenerateLink makes a link for the caller affiliate in a campaign it was approved for.
func (s *Service) GenerateLink(ctx context.Context, sc tenancy.Scope, campaignID uuid.UUID, name, destination string) (Link, error) {
	campaign, err := s.campaigns.GetCampaign(ctx, sc, campaignID)
	if err != nil {
		return Link{}, err
	}
	if strings.TrimSpace(name) == "" {
		name = campaign.Name
	}
	return s.createLink(ctx, sc, campaign, sc.OwnAffiliate().UUID, name, destination)
}

func (s *Service) createLink(ctx context.Context, sc tenancy.Scope, campaign campaigns.Campaign, affiliateID uuid.UUID, name, destination string) (Link, error) {
	approved, err := s.q.ApprovedMembership(ctx, s.pool, queries.ApprovedMembershipParams{CampaignID: campaign.ID, AffiliateID: affiliateID})
	if err != nil {
		return Link{}, err
	}
	if !approved {
		return Link{}, apierror.BadInput(CodeAffiliateNotApproved, "affiliate_id", "The affiliate is not approved for this campaign")
	}
	dest, err := s.checkDestination(ctx, campaign, destination)
	if err != nil {
		return Link{}, err
	}
	var out Link
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		code, err := s.newShortCode(ctx, tx)
		if err != nil {
			return err
		}
		id, err := s.q.CreateTrackingLink(ctx, tx, queries.CreateTrackingLinkParams{
			BrandID: campaign.BrandID, CampaignID: campaign.ID, AffiliateID: affiliateID,
			Name: strings.TrimSpace(name), ShortCode: code, DestinationUrl: dest,
		})
		if err != nil {
			return err
		}
		if err := s.q.AddShortCode(ctx, tx, queries.AddShortCodeParams{Code: code, LinkID: id, BrandID: campaign.BrandID}); err != nil {
			return err
		}
		s.linkChanged(ctx, code) // an earlier lookup may have cached "unknown"
		if err := activity.Log(ctx, tx, sc.Actor(), activity.LinkCreated, id.String(), map[string]any{"short_code": code}); err != nil {
			return err
		}
		out, err = s.getLink(ctx, tx, tenancy.System("read back the link just created"), id)
		return err
	})
	return out, err
}

// checkDestination answers the destination to store: the given URL on the brand's domains,
// or the campaign's homepage when none is given. A campaign may lack a homepage, and then the
// link must name its page: a link is never stored without somewhere to send its visitors.
func (s *Service) checkDestination(ctx context.Context, campaign campaigns.Campaign, destination string) (string, error) {
	destination = strings.TrimSpace(destination)
	if destination == "" && campaign.HomepageUrl != nil {
		destination = *campaign.HomepageUrl
	}
	if destination == "" {
		return "", apierror.BadInput(CodeDestinationRequired, "destination_url",
			"This campaign has no homepage: enter the destination URL, a page on the brand's domain")
	}
	brand, err := s.brands.GetBrand(ctx, tenancy.System("the domains of the brand of a campaign the caller may use"), campaign.BrandID)
	if err != nil {
		return "", err
	}
	u, err := domains.CheckURL(destination, brand.Domains)
	switch {
	case errors.Is(err, domains.ErrInvalidDomain):
		return "", apierror.BadInput(CodeInvalidDomain, "destination_url", "Invalid domain")
	case errors.Is(err, domains.ErrNotOnDomains):
		return "", apierror.BadInput(CodeDomainNotAllowed, "destination_url", "The destination must be on the brand's domain")
	case err != nil:
		return "", apierror.BadInput(CodeInvalidURL, "destination_url", "Enter a valid URL")
	}
	return u.String(), nil
}

// newShortCode draws random url-safe codes until one is unused.
func (s *Service) newShortCode(ctx context.Context, tx pgx.Tx) (string, error) {
	for range 10 {
		code := auth.RandomToken(6) // 8 characters of [A-Za-z0-9_-]: 2^48 codes
		taken, err := s.q.ShortCodeExists(ctx, tx, code)
		if err != nil {
			return "", err
		}
		if !taken {
			return code, nil
		}
	}
	return "", errors.New("links: no free short code after 10 draws")
}

// ListLinks answers a page of the links the caller may see, with their click counts.
func (s *Service) ListLinks(ctx context.Context, sc tenancy.Scope, p paging.Page) ([]Link, int, error) {
	brand, affiliate := sc.Memberships()
	rows, total, err := paging.Fetch(p, func(limit, offset int32) ([]queries.ListTrackingLinksRow, error) {
		return s.q.ListTrackingLinks(ctx, s.pool, queries.ListTrackingLinksParams{
			BrandID: brand, AffiliateID: affiliate, Pattern: p.Pattern(), MaxRows: limit, SkipRows: offset,
		})
	}, func(r queries.ListTrackingLinksRow) int64 { return r.Total })
	if err != nil {
		return nil, 0, err
	}
	out := make([]Link, len(rows))
	for i, r := range rows {
		out[i] = linkOf(r.TrackingLink, r.CampaignName, r.AffiliateName, int64(r.ClickCount), int64(r.BotClicks))
	}
	return out, total, nil
}

func (s *Service) getLink(ctx context.Context, db queries.DBTX, sc tenancy.Scope, id uuid.UUID) (Link, error) {
	brand, affiliate := sc.Memberships()
	r, err := s.q.GetTrackingLink(ctx, db, queries.GetTrackingLinkParams{ID: id, BrandID: brand, AffiliateID: affiliate})
	if errors.Is(err, pgx.ErrNoRows) {
		return Link{}, apierror.NotFound("Tracking link not found")
	}
	if err != nil {
		return Link{}, err
	}
	return linkOf(r.TrackingLink, r.CampaignName, r.AffiliateName, int64(r.ClickCount), int64(r.BotClicks)), nil
}

// LinkUpdate holds the fields to change; nil keeps a field.
type LinkUpdate struct {
	Name, Destination, Status *string
}

// UpdateLink renames a link, moves its destination, or pauses or archives it.
func (s *Service) UpdateLink(ctx context.Context, sc tenancy.Scope, id uuid.UUID, in LinkUpdate) (Link, error) {
	link, err := s.getLink(ctx, s.pool, sc, id)
	if err != nil {
		return Link{}, err
	}
	name, dest, status := link.Name, link.DestinationUrl, link.Status
	if in.Name != nil {
		if name = strings.TrimSpace(*in.Name); name == "" {
			return Link{}, apierror.BadInput(CodeNameRequired, "name", "Link name is required")
		}
	}
	if in.Destination != nil {
		campaign, err := s.campaigns.GetCampaign(ctx, tenancy.System("the campaign of a link the caller may change"), link.CampaignID)
		if err != nil {
			return Link{}, err
		}
		if dest, err = s.checkDestination(ctx, campaign, *in.Destination); err != nil {
			return Link{}, err
		}
	}
	if in.Status != nil {
		status = *in.Status
	}
	var out Link
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.q.UpdateTrackingLink(ctx, tx, queries.UpdateTrackingLinkParams{ID: id, Name: name, DestinationUrl: dest, Status: status}); err != nil {
			return err
		}
		if err := activity.Log(ctx, tx, sc.Actor(), activity.LinkUpdated, id.String(), map[string]any{"status": status, "short_code": link.ShortCode}); err != nil {
			return err
		}
		out, err = s.getLink(ctx, tx, sc, id)
		return err
	})
	s.linkChanged(ctx, link.ShortCode)
	return out, err
}

// DeleteLink removes a link and its clicks.
func (s *Service) DeleteLink(ctx context.Context, sc tenancy.Scope, id uuid.UUID) error {
	link, err := s.getLink(ctx, s.pool, sc, id)
	if err != nil {
		return err
	}
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// Logged while the link exists, so the entry is its brand's and affiliate's too.
		if err := activity.Log(ctx, tx, sc.Actor(), activity.LinkDeleted, id.String(), map[string]any{"short_code": link.ShortCode}); err != nil {
			return err
		}
		if err := s.q.DeleteTrackingLink(ctx, tx, id); err != nil {
			return err
		}
		if err := s.q.RemoveShortCodes(ctx, tx, []string{link.ShortCode}); err != nil {
			return err
		}
		return s.q.DeleteLinkClicks(ctx, tx, queries.DeleteLinkClicksParams{LinkID: id, BrandID: link.BrandID}) // clicks have no foreign key
	})
	s.linkChanged(ctx, link.ShortCode)
	return err
}

// ListClicks answers a page of recent clicks (host only).
func (s *Service) ListClicks(ctx context.Context, h tenancy.HostScope, p paging.Page) ([]clicks.Click, int, error) {
	if err := h.Check(); err != nil {
		return nil, 0, err
	}
	rows, total, err := paging.Fetch(p, func(limit, offset int32) ([]queries.ListClicksRow, error) {
		return s.q.ListClicks(ctx, s.pool, queries.ListClicksParams{MaxRows: limit, SkipRows: offset})
	}, func(r queries.ListClicksRow) int64 { return r.Total })
	out := make([]clicks.Click, len(rows))
	for i, r := range rows {
		out[i] = clicks.Click{ID: r.ID, At: r.ClickedAt, LinkID: r.LinkID, CampaignID: r.CampaignID, AffiliateID: r.AffiliateID,
			BrandID: r.BrandID, IPHash: r.IpHash, UserAgent: r.UserAgent, Referrer: r.Referrer, IsBot: r.IsBot}
	}
	return out, total, err
}
