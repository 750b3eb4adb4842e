// Package applications is the memberships that join affiliates to campaigns: an affiliate applies
// (or joins at once), the brand decides, and a brand may invite an affiliate in advance.
package applications

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
	"github.com/openaffiliate/platform/server/domain/campaigns"
	"github.com/openaffiliate/platform/server/domain/notify"
	"github.com/openaffiliate/platform/server/domain/webhooks"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/change"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/emailaddress"
	"github.com/openaffiliate/platform/server/platform/paging"
	"github.com/openaffiliate/platform/server/platform/ratelimit"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// Service runs membership operations on one database.
type Service struct {
	pool      *pgxpool.Pool
	q         *queries.Queries
	now       func() time.Time
	campaigns *campaigns.Service
	changes   *change.Bus
	events    *webhooks.Events // the brands' webhook events of applications
	mail      notify.Mailer    // queues notifications' email; nil while email is off
}

// New makes the service; campaigns answers which campaigns a caller may see or manage.
func New(pool *pgxpool.Pool, now func() time.Time, camps *campaigns.Service) *Service {
	return &Service{pool: pool, q: queries.New(), now: now, campaigns: camps, changes: change.Of(pool)}
}

// SetEvents makes the service write the brands' webhook events (affiliate.applied,
// affiliate.approved) in the transactions of the changes; without it, none are written.
func (s *Service) SetEvents(e *webhooks.Events) { s.events = e }

// SetMailer makes the notifications this service writes send email too (server/domain/email).
func (s *Service) SetMailer(m notify.Mailer) { s.mail = m }

// Membership statuses.
const (
	StatusPending  = "pending"
	StatusApproved = "approved"
	StatusRejected = "rejected"
)

// decided is what the activity log records for a brand's decision.
var decided = map[string]activity.Kind{StatusApproved: activity.ApplicationApproved, StatusRejected: activity.ApplicationRejected}

// Application is an affiliate's membership of a campaign.
type Application struct {
	ID             uuid.UUID
	BrandID        uuid.UUID
	CampaignID     uuid.UUID
	AffiliateID    uuid.UUID
	Status         string
	CreatedAt      time.Time
	DecidedAt      *time.Time
	CampaignName   string
	AffiliateName  string
	AffiliateEmail string
}

// application loads one membership as an Application.
func (s *Service) application(ctx context.Context, db dbtx.DB, params queries.GetApplicationParams) (Application, error) {
	r, err := s.q.GetApplication(ctx, db, params)
	if err != nil {
		return Application{}, err
	}
	return Application{ID: r.ID, BrandID: r.BrandID, CampaignID: r.CampaignID, AffiliateID: r.AffiliateID,
		Status: r.Status, CreatedAt: r.CreatedAt, DecidedAt: r.DecidedAt, CampaignName: r.CampaignName,
		AffiliateName: r.AffiliateName, AffiliateEmail: r.AffiliateEmail}, nil
}

// Join applies the caller affiliate to a campaign: a public campaign with automatic approval
// approves at once, others wait for the brand. Joining twice answers the same membership.
func (s *Service) Join(ctx context.Context, sc tenancy.Scope, campaignID uuid.UUID) (Application, error) {
	if !sc.OwnAffiliate().Valid {
		return Application{}, apierror.NotFound("No affiliate profile found")
	}
	// An outsider sees only public, active campaigns: any other answers not found, exactly as a
	// random id does, so the answer tells nothing about campaigns it may not see.
	c, err := s.campaigns.GetCampaign(ctx, sc, campaignID)
	if err != nil {
		return Application{}, err
	}
	if c.MembershipStatus != nil && *c.MembershipStatus == StatusRejected {
		return Application{}, apierror.Conflict("campaign", "Your application to this campaign was rejected")
	}
	status := StatusPending
	if c.ApprovalMode == "auto" || c.Invited {
		// An invitation is the brand's approval given in advance.
		status = StatusApproved
	}
	var out Application
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		id, err := s.q.JoinCampaign(ctx, tx, queries.JoinCampaignParams{
			BrandID: c.BrandID, CampaignID: c.ID, AffiliateID: sc.OwnAffiliate().UUID, Status: status,
		})
		if err != nil {
			return err
		}
		if c.Invited && c.MembershipStatus != nil && *c.MembershipStatus == StatusPending {
			// Applied first, invited since: the invitation approves the waiting application.
			if err := s.q.DecideApplication(ctx, tx, queries.DecideApplicationParams{ID: id, Status: StatusApproved}); err != nil {
				return err
			}
		}
		if c.MembershipStatus == nil {
			if err := activity.Log(ctx, tx, sc.Actor(), activity.CampaignJoined, c.ID.String(), map[string]any{"status": status}); err != nil {
				return err
			}
		}
		out, err = s.application(ctx, tx, queries.GetApplicationParams{ID: id})
		if err != nil {
			return err
		}
		return s.emitJoined(ctx, tx, c.MembershipStatus, out)
	})
	return out, err
}

// emitJoined writes affiliate.applied for a new application, and affiliate.approved when joining
// approved it (an automatic campaign, or an invitation).
func (s *Service) emitJoined(ctx context.Context, tx pgx.Tx, before *string, a Application) error {
	if before == nil {
		if err := s.events.Emit(ctx, tx, a.BrandID, webhooks.AffiliateApplied, eventOf(a)); err != nil {
			return err
		}
	}
	if a.Status == StatusApproved && (before == nil || *before != StatusApproved) {
		return s.events.Emit(ctx, tx, a.BrandID, webhooks.AffiliateApproved, eventOf(a))
	}
	return nil
}

// eventOf is an application as the affiliate events tell it.
func eventOf(a Application) webhooks.Application {
	return webhooks.Application{ID: a.ID, CampaignID: a.CampaignID, CampaignName: a.CampaignName, AffiliateID: a.AffiliateID,
		AffiliateName: a.AffiliateName, AffiliateEmail: a.AffiliateEmail, Status: a.Status, CreatedAt: a.CreatedAt}
}

// ListApplications answers a page of applications to the caller brand's campaigns (all for the host)
// whose affiliate (name or email) or campaign name contains the page's query.
// A campaign or affiliate id narrows it to that campaign's or affiliate's.
func (s *Service) ListApplications(ctx context.Context, sc tenancy.Scope, status *string, campaignID, affiliateID *uuid.UUID, p paging.Page) ([]Application, int, error) {
	params := queries.ListApplicationsParams{BrandID: sc.Brands(), Status: status}
	if campaignID != nil {
		params.CampaignID = uuid.NullUUID{UUID: *campaignID, Valid: true}
	}
	if affiliateID != nil {
		params.AffiliateID = uuid.NullUUID{UUID: *affiliateID, Valid: true}
	}
	return s.listApplications(ctx, p, params)
}

// listApplications answers a page of the applications that params select.
func (s *Service) listApplications(ctx context.Context, p paging.Page, params queries.ListApplicationsParams) ([]Application, int, error) {
	rows, total, err := paging.Fetch(p, func(limit, offset int32) ([]queries.ListApplicationsRow, error) {
		params.MaxRows, params.SkipRows, params.Pattern = limit, offset, p.Pattern()
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

// AffiliateApplications lists an affiliate's memberships the caller may see.
func (s *Service) AffiliateApplications(ctx context.Context, sc tenancy.Scope, id uuid.UUID) ([]Application, error) {
	brand, own := sc.Memberships()
	if own.Valid && own.UUID != id {
		return nil, nil
	}
	rows, _, err := s.listApplications(ctx, paging.Page{Limit: paging.MaxLimit}, queries.ListApplicationsParams{
		BrandID: brand, AffiliateID: uuid.NullUUID{UUID: id, Valid: true},
	})
	return rows, err
}

// Decide approves or rejects an application to one of the caller brand's campaigns.
func (s *Service) Decide(ctx context.Context, sc tenancy.Scope, id uuid.UUID, status string) (Application, error) {
	var out Application
	err := dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		app, err := s.application(ctx, tx, queries.GetApplicationParams{ID: id, BrandID: sc.Brands()})
		if errors.Is(err, pgx.ErrNoRows) {
			return apierror.NotFound("Application not found")
		}
		if err != nil {
			return err
		}
		if err := s.q.DecideApplication(ctx, tx, queries.DecideApplicationParams{ID: id, Status: status}); err != nil {
			return err
		}
		if err := activity.Log(ctx, tx, sc.Actor(), decided[status], id.String(),
			map[string]any{"campaign_id": app.CampaignID, "affiliate_id": app.AffiliateID}); err != nil {
			return err
		}
		out, err = s.application(ctx, tx, queries.GetApplicationParams{ID: id})
		if err != nil || out.Status == app.Status {
			return err
		}
		if out.Status == StatusApproved {
			if err := s.events.Emit(ctx, tx, out.BrandID, webhooks.AffiliateApproved, eventOf(out)); err != nil {
				return err
			}
		}
		kind := map[string]string{"approved": notify.ApplicationApproved, "rejected": notify.ApplicationRejected}[out.Status]
		if kind == "" {
			return nil
		}
		return notify.Send(ctx, tx, s.mail, notify.Notice{
			AffiliateID: out.AffiliateID, BrandID: uuid.NullUUID{UUID: out.BrandID, Valid: true}, Kind: kind,
			Params: notify.Params{CampaignName: out.CampaignName}, EntityType: "campaign", EntityID: out.CampaignID.String(),
		})
	})
	s.changes.Publish(ctx, change.Event{Kind: change.Campaigns}) // the affiliate's links start or stop earning at once
	return out, err
}

// Invitation is an email invited to a campaign, and what its affiliate made of it. Whether an
// affiliate has the email is not told: the affiliate is named once it joined (MembershipStatus set).
type Invitation struct {
	ID               uuid.UUID
	Email            string
	AffiliateID      uuid.NullUUID
	AffiliateName    *string
	CreatedAt        time.Time
	MembershipStatus *string
}

func invitationOf(r queries.ListInvitationsRow) Invitation {
	return Invitation{ID: r.ID, Email: r.Email, AffiliateID: r.AffiliateID, AffiliateName: r.AffiliateName,
		CreatedAt: r.CreatedAt, MembershipStatus: r.MembershipStatus}
}

// invitations loads a campaign's invitations.
func (s *Service) invitations(ctx context.Context, db dbtx.DB, campaignID uuid.UUID) ([]Invitation, error) {
	rows, err := s.q.ListInvitations(ctx, db, campaignID)
	return dbtx.Each(rows, err, invitationOf)
}

// ownCampaign is one of the caller brand's campaigns (any for the host); another answers 404.
func (s *Service) ownCampaign(ctx context.Context, sc tenancy.Scope, id uuid.UUID) (campaigns.Campaign, error) {
	if !sc.IsBrand() && !sc.IsHost() {
		return campaigns.Campaign{}, apierror.Forbidden("Only the brand invites affiliates to its campaigns")
	}
	return s.campaigns.GetCampaign(ctx, sc, id)
}

// InviteLimit bounds the invitations by email per brand, so that a brand cannot try addresses
// in bulk to learn who has an affiliate account.
var InviteLimit = ratelimit.Limit{Action: "invite:brand", Max: 30, Window: 15 * time.Minute}

// Invite invites an email to one of the caller brand's campaigns, and answers the same for every
// valid email, so that it never tells whether the platform knows an address. When an affiliate
// with an account has the email, it sees the campaign, invite-only or not, joining is approved at
// once, and it hears of it; any other email (nobody's, or a record the host created whose person
// has not signed up) is kept pending, and inviting it again reaches its affiliate once it has an
// account. Inviting twice keeps the first invitation. Each brand has InviteLimit.
func (s *Service) Invite(ctx context.Context, sc tenancy.Scope, campaignID uuid.UUID, email string) (Invitation, error) {
	c, err := s.ownCampaign(ctx, sc, campaignID)
	if err != nil {
		return Invitation{}, err
	}
	email = strings.ToLower(strings.TrimSpace(email))
	if !emailaddress.Valid(email) {
		return Invitation{}, apierror.Validation("email", "Enter a valid email address")
	}
	if err := InviteLimit.Admit(ctx, s.pool, c.BrandID.String(), s.now(), "Too many invitations from this brand. Try again later."); err != nil {
		return Invitation{}, err
	}
	var out Invitation
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		actor := sc.Actor()
		var affiliate uuid.NullUUID
		affiliate.UUID, err = s.q.InvitableAffiliate(ctx, tx, email)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		affiliate.Valid = err == nil
		row, err := s.q.InviteEmail(ctx, tx, queries.InviteEmailParams{
			Email: email, CampaignID: c.ID, BrandID: c.BrandID, AffiliateID: affiliate,
			InvitedBy: uuid.NullUUID{UUID: actor, Valid: actor != uuid.Nil},
		})
		switch {
		case errors.Is(err, pgx.ErrNoRows): // invited before, and nothing changed
		case err != nil:
			return err
		default:
			if err := activity.Log(ctx, tx, actor, activity.CampaignInvited, c.ID.String(), map[string]any{"invitation_id": row.ID}); err != nil {
				return err
			}
			if row.AffiliateID.Valid {
				if err := notify.Send(ctx, tx, s.mail, notify.Notice{
					AffiliateID: row.AffiliateID.UUID, BrandID: uuid.NullUUID{UUID: c.BrandID, Valid: true}, Kind: notify.CampaignInvited,
					Params: notify.Params{CampaignName: c.Name}, EntityType: "campaign", EntityID: c.ID.String(),
				}); err != nil {
					return err
				}
			}
		}
		list, err := s.invitations(ctx, tx, c.ID)
		if err != nil {
			return err
		}
		for _, inv := range list {
			if inv.Email == email {
				out = inv
			}
		}
		return nil
	})
	return out, err
}

// Invitations lists who was invited to one of the caller brand's campaigns.
func (s *Service) Invitations(ctx context.Context, sc tenancy.Scope, campaignID uuid.UUID) ([]Invitation, error) {
	c, err := s.ownCampaign(ctx, sc, campaignID)
	if err != nil {
		return nil, err
	}
	return s.invitations(ctx, s.pool, c.ID)
}

// Uninvite withdraws an invitation (a membership already made stays).
func (s *Service) Uninvite(ctx context.Context, sc tenancy.Scope, campaignID, invitationID uuid.UUID) error {
	c, err := s.ownCampaign(ctx, sc, campaignID)
	if err != nil {
		return err
	}
	n, err := s.q.DeleteInvitation(ctx, s.pool, queries.DeleteInvitationParams{CampaignID: c.ID, BrandID: c.BrandID, ID: invitationID})
	if err != nil {
		return err
	}
	if n == 0 {
		return apierror.NotFound("Invitation not found")
	}
	return nil
}
