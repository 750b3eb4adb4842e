// Package brands is the brands: their company details, allowed domains and webhook secret, and what a
// brand needs to connect its shop, with each caller's tenancy enforced on every query. A brand's
// row is made in one place, InsertBrand, for the host's "create brand" and a brand's sign-up.
package brands

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/activity"
	"github.com/openaffiliate/platform/server/domain/currency"
	"github.com/openaffiliate/platform/server/domain/trackingscript"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/auth"
	"github.com/openaffiliate/platform/server/platform/change"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/domains"
	"github.com/openaffiliate/platform/server/platform/paging"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// Service runs brand operations on one database.
type Service struct {
	pool      *pgxpool.Pool
	q         *queries.Queries
	publicURL string
	changes   *change.Bus
}

// New makes the service; publicURL is the base of the integration's addresses.
func New(pool *pgxpool.Pool, publicURL string) *Service {
	return &Service{pool: pool, q: queries.New(), publicURL: publicURL, changes: change.Of(pool)}
}

// Brand is a brand with its allowed domains.
type Brand struct {
	ID               uuid.UUID
	PublicID         string
	CompanyName      string
	Domain           *string
	DefaultCurrency  string
	CreatedAt        time.Time
	HasWebhookSecret bool // the secret itself is only answered when it is made
	HasStripeSecret  bool // the Stripe endpoint's signing secret is never answered
	Domains          []string
	OwnerUserID      uuid.NullUUID // the brand's first user; none for a brand nobody joined
	OwnerEmail       *string
}

// brandOf is the one mapping from a brand's row to a Brand; the queries answer the nil UUID and
// an empty email for a brand without a user.
func brandOf(r queries.Brand, domains []string, ownerID uuid.UUID, ownerEmail string) Brand {
	b := Brand{
		ID: r.ID, PublicID: r.PublicID, CompanyName: r.CompanyName, Domain: r.Domain, DefaultCurrency: r.DefaultCurrency,
		CreatedAt: r.CreatedAt, HasWebhookSecret: r.WebhookSecret != "", HasStripeSecret: r.StripeSecret != "", Domains: domains,
	}
	if ownerID != uuid.Nil {
		b.OwnerUserID, b.OwnerEmail = uuid.NullUUID{UUID: ownerID, Valid: true}, &ownerEmail
	}
	return b
}

// ListBrands answers a page of brands the caller may see.
func (s *Service) ListBrands(ctx context.Context, sc tenancy.Scope, p paging.Page) ([]Brand, int, error) {
	rows, total, err := paging.Fetch(p, func(limit, offset int32) ([]queries.ListBrandsRow, error) {
		return s.q.ListBrands(ctx, s.pool, queries.ListBrandsParams{
			BrandID: sc.Brands(), Pattern: p.Pattern(), Sort: p.Sort, Descending: !p.Ascending, MaxRows: limit, SkipRows: offset,
		})
	}, func(r queries.ListBrandsRow) int64 { return r.Total })
	if err != nil {
		return nil, 0, err
	}
	out := make([]Brand, len(rows))
	for i, r := range rows {
		out[i] = brandOf(r.Brand, r.Domains, r.OwnerUserID, r.OwnerEmail)
	}
	return out, total, nil
}

// GetBrand loads a brand the caller may see; another tenant's brand is not found.
func (s *Service) GetBrand(ctx context.Context, sc tenancy.Scope, id uuid.UUID) (Brand, error) {
	if scope := sc.Brands(); scope.Valid && scope.UUID != id {
		return Brand{}, brandNotFound()
	}
	return s.getBrand(ctx, s.pool, id)
}

func (s *Service) getBrand(ctx context.Context, db queries.DBTX, id uuid.UUID) (Brand, error) {
	row, err := s.q.GetBrand(ctx, db, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return Brand{}, brandNotFound()
	}
	return brandOf(row.Brand, row.Domains, row.OwnerUserID, row.OwnerEmail), err
}

func brandNotFound() error { return apierror.NotFound("Brand not found") }

// BrandInput is what the admin dialog and the brand's own settings send.
type BrandInput struct {
	Name     string
	Domain   string
	Currency string // setup only; blank keeps it
	// KeepDomain (setup only) keeps the main domain: the request did not send one.
	KeepDomain bool
}

// normalize checks the input; nameField is the name's field in the caller's body (name, or
// company_name for a brand's own setup), so errors name what the client sent.
func (in *BrandInput) normalize(nameField string) (*string, error) {
	in.Name = strings.TrimSpace(in.Name)
	if in.Name == "" {
		return nil, apierror.Validation(nameField, "Name is required")
	}
	if utf8.RuneCountInString(in.Name) > 200 {
		return nil, apierror.Validation(nameField, "Name must be at most 200 characters")
	}
	if strings.TrimSpace(in.Domain) == "" {
		return nil, nil
	}
	d, err := domains.Normalize(in.Domain)
	if err != nil {
		return nil, apierror.Validation("domain", "Invalid domain: use a host name such as shop.example.com")
	}
	return &d, nil
}

var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

// suffixAlphabet is what a public id's random suffix is made of: lower-case letters and digits.
const suffixAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789"

// publicSuffix is five random characters of suffixAlphabet, each drawn uniformly.
func publicSuffix() string {
	b := make([]byte, 5)
	for i := range b {
		n, err := rand.Int(rand.Reader, big.NewInt(int64(len(suffixAlphabet))))
		if err != nil {
			panic(err) // crypto/rand never fails on supported platforms
		}
		b[i] = suffixAlphabet[n.Int64()]
	}
	return string(b)
}

// withoutMarks takes the accents off letters: ă, â, î, ș and ț (comma or cedilla) become a, a, i,
// s and t, as é becomes e, so a public id keeps a Romanian name's letters instead of dropping them.
var withoutMarks = transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)

// slugOf is the readable part of a public brand id made from a company name: lower-case ASCII
// letters and digits joined by single dashes, at most 30 characters, "brand" when fewer than 2.
func slugOf(company string) string {
	plain, _, err := transform.String(withoutMarks, company)
	if err != nil {
		plain = company
	}
	base := strings.Trim(nonSlug.ReplaceAllString(strings.ToLower(plain), "-"), "-")
	if len(base) > 30 {
		base = strings.Trim(base[:30], "-")
	}
	if len(base) < 2 {
		base = "brand"
	}
	return base
}

// uniquePublicID makes a readable, unused public brand id from a company name plus a random suffix.
func uniquePublicID(ctx context.Context, db dbtx.DB, company string) (string, error) {
	base := slugOf(company)
	for range 10 {
		id := base + "-" + publicSuffix()
		taken, err := queries.New().BrandPublicIDExists(ctx, db, id)
		if err != nil {
			return "", err
		}
		if !taken {
			return id, nil
		}
	}
	return "", errors.New("brands: could not generate a unique brand id")
}

// CreateBrand creates a brand without users (host only), with a generated public id.
func (s *Service) CreateBrand(ctx context.Context, h tenancy.HostScope, in BrandInput) (Brand, error) {
	if err := h.Check(); err != nil {
		return Brand{}, err
	}
	domain, err := in.normalize("name")
	if err != nil {
		return Brand{}, err
	}
	var out Brand
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		id, _, err := InsertBrand(ctx, tx, in.Name, "", domain)
		if err != nil {
			return err
		}
		if err := activity.Log(ctx, tx, h.Actor(), activity.BrandCreated, id.String(), map[string]any{"name": in.Name}); err != nil {
			return err
		}
		out, err = s.getBrand(ctx, tx, id)
		return err
	})
	return out, err
}

// InsertBrand is the one creator of brand rows, for the host's "create brand" and a brand's
// sign-up, inside the caller's transaction (the caller logs the activity). preferred is the public
// id the caller asked for, "" to generate one from the name; domain, when given, is the brand's
// main and first allowed domain.
func InsertBrand(ctx context.Context, db dbtx.DB, name, preferred string, domain *string) (id uuid.UUID, publicID string, err error) {
	q := queries.New()
	publicID = preferred
	if publicID != "" {
		taken, err := q.BrandPublicIDExists(ctx, db, publicID)
		if err != nil {
			return uuid.Nil, "", err
		}
		if taken {
			return uuid.Nil, "", apierror.Conflict("preferredBrandId", "This brand id is already taken")
		}
	} else if publicID, err = uniquePublicID(ctx, db, name); err != nil {
		return uuid.Nil, "", err
	}
	b, err := q.CreateBrand(ctx, db, queries.CreateBrandParams{
		PublicID: publicID, CompanyName: name, WebhookSecret: newWebhookSecret(),
	})
	if err != nil || domain == nil {
		return b.ID, b.PublicID, err
	}
	if _, err := q.UpdateBrand(ctx, db, queries.UpdateBrandParams{ID: b.ID, CompanyName: name, Domain: domain}); err != nil {
		return b.ID, b.PublicID, err
	}
	return b.ID, b.PublicID, q.AddBrandDomain(ctx, db, queries.AddBrandDomainParams{BrandID: b.ID, Domain: *domain})
}

// UpdateBrand renames a brand or changes its domain; the new domain joins the allowed ones.
func (s *Service) UpdateBrand(ctx context.Context, sc tenancy.Scope, id uuid.UUID, in BrandInput) (Brand, error) {
	if _, err := s.GetBrand(ctx, sc, id); err != nil {
		return Brand{}, err
	}
	domain, err := in.normalize("name")
	if err != nil {
		return Brand{}, err
	}
	var out Brand
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := s.q.UpdateBrand(ctx, tx, queries.UpdateBrandParams{ID: id, CompanyName: in.Name, Domain: domain}); err != nil {
			return err
		}
		if err := s.afterBrandChange(ctx, tx, sc, id, in.Name, domain, activity.BrandUpdated); err != nil {
			return err
		}
		out, err = s.getBrand(ctx, tx, id)
		return err
	})
	return out, err
}

// SetupBrand is a brand editing its own company name, domain and default currency.
func (s *Service) SetupBrand(ctx context.Context, sc tenancy.Scope, in BrandInput) (Brand, error) {
	current, err := s.GetBrand(ctx, sc, sc.OwnBrand().UUID)
	if err != nil {
		return Brand{}, err
	}
	domain, err := in.normalize("company_name")
	if err != nil {
		return Brand{}, err
	}
	// Kept, the main domain is not added to the allowed ones again (the brand may have removed it there).
	added, stored := domain, domain
	if in.KeepDomain {
		added, stored = nil, current.Domain
	}
	cur := current.DefaultCurrency
	if in.Currency != "" {
		if cur, err = CheckCurrency(in.Currency); err != nil {
			return Brand{}, err
		}
	}
	var out Brand
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := s.q.SetupBrand(ctx, tx, queries.SetupBrandParams{ID: current.ID, CompanyName: in.Name, Domain: stored, DefaultCurrency: cur}); err != nil {
			return err
		}
		if err := s.afterBrandChange(ctx, tx, sc, current.ID, in.Name, added, activity.BrandSetUp); err != nil {
			return err
		}
		out, err = s.getBrand(ctx, tx, current.ID)
		return err
	})
	return out, err
}

func (s *Service) afterBrandChange(ctx context.Context, tx pgx.Tx, sc tenancy.Scope, id uuid.UUID, name string, domain *string, action activity.Kind) error {
	if err := s.q.RenameBrandUsers(ctx, tx, queries.RenameBrandUsersParams{BrandID: uuid.NullUUID{UUID: id, Valid: true}, CompanyName: &name}); err != nil {
		return err
	}
	if domain != nil {
		if err := s.q.AddBrandDomain(ctx, tx, queries.AddBrandDomainParams{BrandID: id, Domain: *domain}); err != nil {
			return err
		}
	}
	return activity.Log(ctx, tx, sc.Actor(), action, id.String(), map[string]any{"name": name})
}

// CheckCurrency answers c when it is one of the offered currencies (a brand's default, a
// campaign's), or the validation error.
func CheckCurrency(c string) (string, error) {
	for _, offered := range currency.Offered {
		if c == offered {
			return c, nil
		}
	}
	return "", apierror.Validation("default_currency", "Currency must be one of: "+strings.Join(currency.Offered, ", "))
}

// DeleteBrand removes a brand with its users, campaigns, memberships, keys and domains (host only).
func (s *Service) DeleteBrand(ctx context.Context, h tenancy.HostScope, id uuid.UUID) error {
	if err := h.Check(); err != nil {
		return err
	}
	defer s.changes.Publish(ctx, change.Event{Kind: change.Campaigns})   // its campaigns went with it
	defer s.changes.Publish(ctx, change.Event{Kind: change.Credentials}) // and its keys and webhook secret
	return dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		n, err := s.q.DeleteBrand(ctx, tx, id)
		if err != nil {
			return err
		}
		if n == 0 {
			return brandNotFound()
		}
		if err := s.q.DeleteClicksOf(ctx, tx, queries.DeleteClicksOfParams{BrandID: uuid.NullUUID{UUID: id, Valid: true}}); err != nil {
			return err
		}
		if err := s.q.RemoveBrandShortCodes(ctx, tx, id); err != nil {
			return err
		}
		return activity.Log(ctx, tx, h.Actor(), activity.BrandDeleted, id.String(), nil)
	})
}

// newWebhookSecret makes a random webhook signing secret.
func newWebhookSecret() string { return "whsec_" + auth.RandomToken(24) }

// RotateWebhookSecret replaces a brand's webhook secret and answers the new one, once.
func (s *Service) RotateWebhookSecret(ctx context.Context, sc tenancy.Scope, id uuid.UUID) (string, error) {
	if _, err := s.GetBrand(ctx, sc, id); err != nil {
		return "", err
	}
	secret := newWebhookSecret()
	defer s.changes.Publish(ctx, change.Event{Kind: change.Credentials}) // the old secret is refused at once
	err := dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := s.q.SetWebhookSecret(ctx, tx, queries.SetWebhookSecretParams{ID: id, WebhookSecret: secret}); err != nil {
			return err
		}
		return activity.Log(ctx, tx, sc.Actor(), activity.BrandRotatedSecret, id.String(), nil)
	})
	return secret, err
}

// SetWebhookSecret replaces a brand's webhook secret with one the brand brings (the signing key
// Shopify shows for webhooks made in a shop's admin).
func (s *Service) SetWebhookSecret(ctx context.Context, sc tenancy.Scope, id uuid.UUID, secret string) error {
	if _, err := s.GetBrand(ctx, sc, id); err != nil {
		return err
	}
	defer s.changes.Publish(ctx, change.Event{Kind: change.Credentials}) // the old secret is refused at once
	return dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := s.q.SetWebhookSecret(ctx, tx, queries.SetWebhookSecretParams{ID: id, WebhookSecret: secret}); err != nil {
			return err
		}
		return activity.Log(ctx, tx, sc.Actor(), activity.BrandSetSecret, id.String(), nil)
	})
}

// SetStripeSecret saves the signing secret Stripe generated for the brand's webhook endpoint
// (whsec_...); "" forgets it, and every Stripe event is refused until one is saved.
func (s *Service) SetStripeSecret(ctx context.Context, sc tenancy.Scope, id uuid.UUID, secret string) error {
	if _, err := s.GetBrand(ctx, sc, id); err != nil {
		return err
	}
	kind := activity.BrandSetStripeSecret
	if secret == "" {
		kind = activity.BrandClearStripeSecret
	}
	return dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := s.q.SetStripeSecret(ctx, tx, queries.SetStripeSecretParams{ID: id, StripeSecret: secret}); err != nil {
			return err
		}
		return activity.Log(ctx, tx, sc.Actor(), kind, id.String(), nil)
	})
}

// MaxDomains bounds a brand's allowed domains.
const MaxDomains = 50

// SetDomains replaces a brand's allowed domains.
func (s *Service) SetDomains(ctx context.Context, sc tenancy.Scope, id uuid.UUID, raw []string) ([]string, error) {
	if _, err := s.GetBrand(ctx, sc, id); err != nil {
		return nil, err
	}
	if len(raw) > MaxDomains {
		return nil, apierror.Validation("domains", fmt.Sprintf("At most %d domains", MaxDomains))
	}
	clean := make([]string, 0, len(raw))
	for i, d := range raw {
		n, err := domains.Normalize(d)
		if err != nil {
			return nil, apierror.Validation(fmt.Sprintf("domains.%d", i), fmt.Sprintf("Invalid domain %q: use a host name such as shop.example.com", d))
		}
		clean = append(clean, n)
	}
	var out Brand
	err := dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.q.DeleteBrandDomains(ctx, tx, id); err != nil {
			return err
		}
		for _, d := range clean {
			if err := s.q.AddBrandDomain(ctx, tx, queries.AddBrandDomainParams{BrandID: id, Domain: d}); err != nil {
				return err
			}
		}
		if err := activity.Log(ctx, tx, sc.Actor(), activity.BrandSetDomains, id.String(), map[string]any{"domains": clean}); err != nil {
			return err
		}
		var err error
		out, err = s.getBrand(ctx, tx, id)
		return err
	})
	return out.Domains, err
}

// Integration is what a brand needs to connect its shop.
type Integration struct {
	Brand            Brand
	ConversionAPIURL string
	ShopifyURL       string
	WooCommerceURL   string
	StripeURL        string
	TrackingScript   string
	ActiveKeys       int
}

// ShopifyWebhookURL is where a brand's Shopify order webhooks go.
func ShopifyWebhookURL(publicURL, publicID string) string {
	return publicURL + "/api/v1/integrations/shopify/" + publicID + "/orders"
}

// WooCommerceWebhookURL is where a brand's WooCommerce order webhooks go.
func WooCommerceWebhookURL(publicURL, publicID string) string {
	return publicURL + "/api/v1/integrations/woocommerce/" + publicID
}

// StripeWebhookURL is the endpoint URL a brand adds in Stripe for its events.
func StripeWebhookURL(publicURL, publicID string) string {
	return publicURL + "/api/v1/integrations/stripe/" + publicID
}

// IntegrationDetails answers the caller brand's integration addresses and key count.
func (s *Service) IntegrationDetails(ctx context.Context, sc tenancy.Scope) (Integration, error) {
	b, err := s.GetBrand(ctx, sc, sc.OwnBrand().UUID)
	if err != nil {
		return Integration{}, err
	}
	keys, err := s.q.CountActiveApiKeys(ctx, s.pool, b.ID)
	if err != nil {
		return Integration{}, err
	}
	return Integration{
		Brand:            b,
		ConversionAPIURL: s.publicURL + "/api/v1/conversions/process",
		ShopifyURL:       ShopifyWebhookURL(s.publicURL, b.PublicID),
		WooCommerceURL:   WooCommerceWebhookURL(s.publicURL, b.PublicID),
		StripeURL:        StripeWebhookURL(s.publicURL, b.PublicID),
		TrackingScript:   s.publicURL + trackingscript.Path,
		ActiveKeys:       int(keys),
	}, nil
}
