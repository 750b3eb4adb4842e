package accounts

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/activity"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/auth"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// InviteTTL is how long an affiliate invitation link works.
const InviteTTL = 7 * 24 * time.Hour

// IssueAffiliateInvite creates a one-time invitation to claim an affiliate record the host created;
// only the token's hash is stored. An affiliate that already has a user cannot be invited.
func (s *Service) IssueAffiliateInvite(ctx context.Context, h tenancy.HostScope, affiliateID uuid.UUID) (string, time.Time, error) {
	if err := h.Check(); err != nil {
		return "", time.Time{}, err
	}
	actor := h.Actor()
	a, err := s.q.GetAffiliateForInvite(ctx, s.pool, affiliateID)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", time.Time{}, apierror.NotFound("Affiliate not found")
	}
	if err != nil {
		return "", time.Time{}, err
	}
	if a.Claimed {
		return "", time.Time{}, apierror.Conflict("id", "This affiliate already has an account")
	}
	token := auth.RandomToken(32)
	now := s.now()
	expires := now.Add(InviteTTL)
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.q.CreateAffiliateInvite(ctx, tx, queries.CreateAffiliateInviteParams{
			TokenHash: auth.HashToken(token), AffiliateID: affiliateID,
			CreatedBy: uuid.NullUUID{UUID: actor, Valid: true}, ExpiresAt: expires, CreatedAt: now,
		}); err != nil {
			return err
		}
		return activity.Log(ctx, tx, actor, activity.AffiliateInviteLink, affiliateID.String(), nil)
	})
	return token, expires, err
}

func invalidInvite() error {
	return apierror.Validation("inviteToken", "This invitation link is invalid, used or expired.")
}

// checkInvite refuses a sign-up whose invitation does not work or names another email.
func (s *Service) checkInvite(ctx context.Context, in SignupInput) error {
	if in.AccountType != auth.RoleAffiliate {
		return apierror.Validation("inviteToken", "An invitation link is for an affiliate account")
	}
	inv, err := s.q.GetAffiliateInvite(ctx, s.pool, queries.GetAffiliateInviteParams{TokenHash: auth.HashToken(in.InviteToken), Now: s.now()})
	if errors.Is(err, pgx.ErrNoRows) {
		return invalidInvite()
	}
	if err != nil {
		return err
	}
	if !strings.EqualFold(inv.Email, in.Email) {
		return apierror.Validation("email", "This invitation is for another email address")
	}
	return nil
}

// claimInvite consumes an invitation inside the sign-up's transaction and answers its affiliate.
func (s *Service) claimInvite(ctx context.Context, tx pgx.Tx, token string) (uuid.UUID, error) {
	id, err := s.q.ConsumeAffiliateInvite(ctx, tx, queries.ConsumeAffiliateInviteParams{TokenHash: auth.HashToken(token), Now: s.now()})
	if errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, invalidInvite()
	}
	return id, err
}
