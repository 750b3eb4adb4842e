package catalogue

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/activity"
	"github.com/openaffiliate/platform/server/apierror"
	"github.com/openaffiliate/platform/server/notify"
	"github.com/openaffiliate/platform/server/tenancy"
)

// Membership statuses.
const (
	StatusPending  = "pending"
	StatusApproved = "approved"
	StatusRejected = "rejected"
)

// Application is an affiliate's membership of a campaign.
type Application = queries.GetApplicationRow

// Join applies the caller affiliate to a campaign: a public campaign with automatic approval
// approves at once, others wait for the brand. Joining twice answers the same membership.
func (s *Service) Join(ctx context.Context, sc tenancy.Scope, campaignID uuid.UUID) (Application, error) {
	if !sc.OwnAffiliate().Valid {
		return Application{}, apierror.NotFound("No affiliate profile found")
	}
	// An outsider sees only public, active campaigns: any other answers not found, exactly as a
	// random id does, so the answer tells nothing about campaigns it may not see.
	c, err := s.getCampaign(ctx, s.pool, sc, campaignID)
	if err != nil {
		return Application{}, err
	}
	if c.MembershipStatus != nil && *c.MembershipStatus == StatusRejected {
		return Application{}, apierror.Conflict("campaign", "Your application to this campaign was rejected")
	}
	status := StatusPending
	if c.ApprovalMode == "auto" {
		status = StatusApproved
	}
	var out Application
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		id, err := s.q.JoinCampaign(ctx, tx, queries.JoinCampaignParams{
			BrandID: c.BrandID, CampaignID: c.ID, AffiliateID: sc.OwnAffiliate().UUID, Status: status,
		})
		if err != nil {
			return err
		}
		if c.MembershipStatus == nil {
			if err := activity.Log(ctx, tx, sc.Actor(), "join", "campaign", c.ID.String(), map[string]any{"status": status}); err != nil {
				return err
			}
		}
		out, err = s.q.GetApplication(ctx, tx, queries.GetApplicationParams{ID: id})
		return err
	})
	return out, err
}

// ListApplications answers a page of applications to the caller brand's campaigns (all for the host).
func (s *Service) ListApplications(ctx context.Context, sc tenancy.Scope, status *string, p Page) ([]Application, int, error) {
	return s.listApplications(ctx, p, queries.ListApplicationsParams{BrandID: sc.Brands(), Status: status})
}

// listApplications answers a page of the applications that params select.
func (s *Service) listApplications(ctx context.Context, p Page, params queries.ListApplicationsParams) ([]Application, int, error) {
	rows, total, err := Fetch(p, func(limit, offset int32) ([]queries.ListApplicationsRow, error) {
		params.MaxRows, params.SkipRows = limit, offset
		return s.q.ListApplications(ctx, s.pool, params)
	}, func(r queries.ListApplicationsRow) int64 { return r.Total })
	if err != nil {
		return nil, 0, err
	}
	out := make([]Application, len(rows))
	for i, r := range rows {
		out[i] = Application{ID: r.ID, BrandID: r.BrandID, CampaignID: r.CampaignID, AffiliateID: r.AffiliateID,
			Status: r.Status, CreatedAt: r.CreatedAt, DecidedAt: r.DecidedAt, CampaignName: r.CampaignName,
			AffiliateName: r.AffiliateName, AffiliateEmail: r.AffiliateEmail}
	}
	return out, total, nil
}

// Decide approves or rejects an application to one of the caller brand's campaigns.
func (s *Service) Decide(ctx context.Context, sc tenancy.Scope, id uuid.UUID, status string) (Application, error) {
	var out Application
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		app, err := s.q.GetApplication(ctx, tx, queries.GetApplicationParams{ID: id, BrandID: sc.Brands()})
		if errors.Is(err, pgx.ErrNoRows) {
			return apierror.NotFound("Application not found")
		}
		if err != nil {
			return err
		}
		if err := s.q.DecideApplication(ctx, tx, queries.DecideApplicationParams{ID: id, Status: status}); err != nil {
			return err
		}
		if err := activity.Log(ctx, tx, sc.Actor(), status, "application", id.String(),
			map[string]any{"campaign_id": app.CampaignID, "affiliate_id": app.AffiliateID}); err != nil {
			return err
		}
		out, err = s.q.GetApplication(ctx, tx, queries.GetApplicationParams{ID: id})
		if err != nil || out.Status == app.Status {
			return err
		}
		kind := map[string]string{"approved": notify.ApplicationApproved, "rejected": notify.ApplicationRejected}[out.Status]
		if kind == "" {
			return nil
		}
		return notify.Send(ctx, tx, notify.Notice{
			AffiliateID: out.AffiliateID, BrandID: uuid.NullUUID{UUID: out.BrandID, Valid: true}, Kind: kind,
			Params: notify.Params{CampaignName: out.CampaignName}, EntityType: "campaign", EntityID: out.CampaignID.String(),
		})
	})
	s.campaignChanged() // the affiliate's links start or stop earning at once
	return out, err
}
