package accounts

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/auth"
)

// Authenticate turns a verified token into the request's user, refusing revoked tokens, tokens
// issued before the user's last password change, and deleted or disabled users.
func (s *Service) Authenticate(ctx context.Context, session auth.Session) (auth.User, error) {
	row, err := s.q.GetSessionUser(ctx, s.pool, queries.GetSessionUserParams{UserID: session.UserID, Jti: session.TokenID})
	if errors.Is(err, pgx.ErrNoRows) {
		return auth.User{}, apierror.Unauthorized("Your session has expired. Please log in again.")
	}
	if err != nil {
		return auth.User{}, err
	}
	if row.Revoked || row.Disabled || row.SessionGeneration != session.Generation {
		return auth.User{}, apierror.Unauthorized("Your session has expired. Please log in again.")
	}
	return auth.User{ID: row.ID, AccountType: row.AccountType, BrandID: row.BrandID, AffiliateID: row.AffiliateID, Session: session}, nil
}

// Revoke makes a token unusable until it would have expired.
func (s *Service) Revoke(ctx context.Context, session auth.Session) error {
	return s.q.RevokeToken(ctx, s.pool, queries.RevokeTokenParams{Jti: session.TokenID, ExpiresAt: session.ExpiresAt})
}

// Cleanup deletes revoked tokens that have expired anyway, expired email confirmation tokens and
// rate limit hits past the window.
func (s *Service) Cleanup(ctx context.Context) error {
	if _, err := s.q.DeleteExpiredRevokedTokens(ctx, s.pool); err != nil {
		return err
	}
	if _, err := s.q.DeleteExpiredEmailTokens(ctx, s.pool, s.now()); err != nil {
		return err
	}
	_, err := s.q.DeleteOldRateLimitHits(ctx, s.pool, s.now().Add(-s.limits.Window))
	return err
}
