package accounts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"

	"github.com/openaffiliate/platform/server/apierror"
	"github.com/openaffiliate/platform/server/auth"
)

// Demo accounts seeded in dev mode; their password is never used by the UI's quick switch,
// which signs in through DevLogin, but lets a developer sign in by hand too.
const demoPassword = "demo-password"

func demoEmail(accountType string) string {
	return fmt.Sprintf("demo-%s@openaffiliate.dev", accountType)
}

// SeedDemoAccounts creates the demo brand, affiliate and host when they are missing.
func (s *Service) SeedDemoAccounts(ctx context.Context) error {
	for _, in := range []SignupInput{
		{AccountType: auth.RoleBrand, FirstName: "Demo", LastName: "Brand", CompanyName: "Demo Shop", PreferredBrandID: "demo-shop"},
		{AccountType: auth.RoleAffiliate, FirstName: "Demo", LastName: "Affiliate"},
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
	if errors.Is(err, pgx.ErrNoRows) {
		return Profile{}, apierror.NotFound("No demo account of this type")
	}
	return Profile{User: row.User, BrandPublicID: row.BrandPublicID}, err
}
