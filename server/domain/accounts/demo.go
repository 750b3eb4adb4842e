package accounts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"

	"github.com/openaffiliate/platform/gen/queries"

	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/auth"
)

// Demo accounts seeded in dev mode; their password is never used by the UI's quick switch,
// which signs in through DevLogin, but lets a developer sign in by hand too.
const demoPassword = "demo-password"

func demoEmail(accountType string) string {
	return fmt.Sprintf("demo-%s@openaffiliate.dev", accountType)
}

func demoEmails() []string {
	return []string{demoEmail(auth.RoleBrand), demoEmail(auth.RoleAffiliate), demoEmail(auth.RoleHost)}
}

// DisableDemoAccounts stops the demo accounts a dev-mode start seeded from signing in, and their
// tokens from working: their password is published, so outside dev mode they would be a back door.
func (s *Service) DisableDemoAccounts(ctx context.Context) error {
	disabled, err := s.q.DisableUsersByEmail(ctx, s.pool, queries.DisableUsersByEmailParams{Now: s.now(), Emails: demoEmails()})
	if err == nil && len(disabled) > 0 {
		slog.Warn("demo accounts disabled: dev mode is off (or PUBLIC_URL is not a loopback address) and their password is public",
			"accounts", disabled)
	}
	return err
}

// SeedDemoAccounts creates the demo brand, affiliate and host when they are missing, and enables
// them again if an earlier start outside dev mode disabled them.
func (s *Service) SeedDemoAccounts(ctx context.Context) error {
	enabled, err := s.q.EnableUsersByEmail(ctx, s.pool, demoEmails())
	if err != nil {
		return err
	}
	if len(enabled) > 0 {
		slog.Info("dev mode: demo accounts enabled again", "accounts", enabled)
	}
	for _, in := range []SignupInput{
		{AccountType: auth.RoleBrand, FirstName: "Ioana", LastName: "Demo", CompanyName: "Magazinul Demo", PreferredBrandID: "demo-shop"},
		{AccountType: auth.RoleAffiliate, FirstName: "Andrei", LastName: "Demo"},
	} {
		in.Email, in.Password = demoEmail(in.AccountType), demoPassword
		if exists, err := s.q.EmailExists(ctx, s.pool, in.Email); err != nil || exists {
			if err != nil {
				return err
			}
			continue
		}
		if _, err := s.Signup(ctx, in); err != nil {
			return fmt.Errorf("seed demo %s: %w", in.AccountType, err)
		}
	}
	if err := s.EnsureHost(ctx, demoEmail(auth.RoleHost), demoPassword); err != nil {
		return fmt.Errorf("seed demo host: %w", err)
	}
	slog.Info("dev mode: demo accounts ready", "brand", demoEmail(auth.RoleBrand),
		"affiliate", demoEmail(auth.RoleAffiliate), "host", demoEmail(auth.RoleHost))
	return nil
}

// DemoAccount loads the seeded demo account of a type.
func (s *Service) DemoAccount(ctx context.Context, accountType string) (Profile, error) {
	row, err := s.q.GetUserProfileByEmail(ctx, s.pool, demoEmail(accountType))
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && row.User.DisabledAt != nil) {
		return Profile{}, apierror.NotFound("No demo account of this type")
	}
	return profileOf(row.User, row.BrandPublicID), err
}

// DevLogin signs a client in as the demo account of a type: only a client whose connection is
// loopback, as dev mode's server listens on the loopback interface only; any other answers 404.
func (s *Service) DevLogin(ctx context.Context, accountType string, client Client) (Profile, error) {
	if !client.Loopback {
		return Profile{}, apierror.NotFound("Dev mode is off")
	}
	return s.DemoAccount(ctx, accountType)
}
