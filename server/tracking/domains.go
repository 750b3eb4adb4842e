package tracking

import (
	"context"
	"errors"
	"net"
	"net/url"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/activity"
	"github.com/openaffiliate/platform/server/apierror"
	"github.com/openaffiliate/platform/server/domains"
	"github.com/openaffiliate/platform/server/tenancy"
)

// Resolver looks up a host name's canonical name: net.DefaultResolver in production, a fake in tests.
type Resolver interface {
	LookupCNAME(ctx context.Context, host string) (string, error)
}

// A tracking domain's status.
const (
	DomainPending  = "pending"
	DomainVerified = "verified"
)

// What a check of a tracking domain's CNAME record saw (the contract's TrackingDomainCheckResult).
const (
	CheckPointsHere      = "points_here"
	CheckNoCNAME         = "no_cname"
	CheckPointsElsewhere = "points_elsewhere"
	CheckLookupFailed    = "lookup_failed"
)

// dnsTimeout bounds one check's lookups.
const dnsTimeout = 5 * time.Second

// Domain is a brand's tracking domain and what its last check saw.
type Domain struct {
	BrandID     uuid.UUID
	Hostname    string
	Status      string
	CreatedAt   time.Time
	VerifiedAt  *time.Time
	CheckedAt   *time.Time
	CheckResult *string
	FoundTarget *string
}

// domainOf is the one mapping from a tracking domain's row to a Domain.
func domainOf(r queries.TrackingDomain) Domain {
	return Domain{
		BrandID: r.BrandID, Hostname: r.Hostname, Status: r.Status, CreatedAt: r.CreatedAt, VerifiedAt: r.VerifiedAt,
		CheckedAt: r.CheckedAt, CheckResult: r.CheckResult, FoundTarget: r.FoundTarget,
	}
}

// platformAddress is PUBLIC_URL's scheme and host name: tracking domains are served with the same
// scheme, and their CNAME records point at the host name.
func platformAddress(publicURL string) (scheme, host string) {
	u, err := url.Parse(publicURL)
	if err != nil {
		return "https", ""
	}
	return u.Scheme, strings.ToLower(u.Hostname())
}

// CNAMETarget is what a tracking domain's CNAME record points at: the platform's host name.
func (s *Service) CNAMETarget() string { return s.platformHost }

// DomainBaseURL is the base of tracking links on a tracking domain.
func (s *Service) DomainBaseURL(hostname string) string { return s.scheme + "://" + hostname + "/r/" }

// TrackingBaseURL is the base of a brand's tracking links: on its verified tracking domain, else
// on the platform's address.
func (s *Service) TrackingBaseURL(brandID uuid.UUID) string {
	if host, ok := s.redirector.trackingDomainOf(context.Background(), brandID); ok {
		return s.DomainBaseURL(host)
	}
	return s.publicURL + "/r/"
}

// TrackingURL is the address to share for a brand's short code.
func (s *Service) TrackingURL(brandID uuid.UUID, code string) string {
	return s.TrackingBaseURL(brandID) + code
}

// TrackingDomain answers a brand's tracking domain; found is false when it has none.
func (s *Service) TrackingDomain(ctx context.Context, sc tenancy.Scope, brandID uuid.UUID) (d Domain, found bool, err error) {
	if _, err := s.catalogue.GetBrand(ctx, sc, brandID); err != nil {
		return Domain{}, false, err
	}
	return s.trackingDomain(ctx, s.pool, brandID)
}

func (s *Service) trackingDomain(ctx context.Context, db queries.DBTX, brandID uuid.UUID) (Domain, bool, error) {
	row, err := s.q.GetTrackingDomain(ctx, db, brandID)
	if errors.Is(err, pgx.ErrNoRows) {
		return Domain{}, false, nil
	}
	if err != nil {
		return Domain{}, false, err
	}
	return domainOf(row), true, nil
}

func noTrackingDomain() error { return apierror.NotFound("The brand has no tracking domain") }

func domainTaken() error {
	return apierror.Conflict("hostname", "Another brand already uses this domain")
}

// checkHostname answers a tracking domain's normalized host name, or why it cannot be one.
func (s *Service) checkHostname(raw string) (string, error) {
	host, err := domains.Normalize(raw)
	if err != nil || !strings.Contains(host, ".") {
		return "", invalid(CodeInvalidDomain, "hostname", "Enter a host name such as go.yourbrand.com, without https:// or a path")
	}
	if host == s.platformHost || strings.HasSuffix(host, "."+s.platformHost) {
		return "", invalid(CodeInvalidDomain, "hostname", "This is the platform's own address: use a domain of your brand")
	}
	return host, nil
}

// SetTrackingDomain gives a brand a tracking domain (replacing the one it had), pending until it is checked.
func (s *Service) SetTrackingDomain(ctx context.Context, sc tenancy.Scope, brandID uuid.UUID, raw string) (Domain, error) {
	if _, err := s.catalogue.GetBrand(ctx, sc, brandID); err != nil {
		return Domain{}, err
	}
	host, err := s.checkHostname(raw)
	if err != nil {
		return Domain{}, err
	}
	current, found, err := s.trackingDomain(ctx, s.pool, brandID)
	if err != nil {
		return Domain{}, err
	}
	if found && current.Hostname == host {
		return current, nil
	}
	var out Domain
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		other, err := s.q.TrackingDomainByHostname(ctx, tx, host)
		if err == nil && other.BrandID != brandID {
			return domainTaken()
		}
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		row, err := s.q.SetTrackingDomain(ctx, tx, queries.SetTrackingDomainParams{BrandID: brandID, Hostname: host, CreatedAt: s.now()})
		if err != nil {
			return err
		}
		out = domainOf(row)
		return activity.Log(ctx, tx, sc.Actor(), "set_tracking_domain", "brand", brandID.String(), map[string]any{"hostname": host})
	})
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" { // another brand took it meanwhile
		return Domain{}, domainTaken()
	}
	if err == nil && found && current.Status == DomainVerified {
		s.reloadDomains(ctx) // the old one no longer answers
	}
	return out, err
}

// RemoveTrackingDomain takes a brand's tracking domain away; its links are shown on the platform's address again.
func (s *Service) RemoveTrackingDomain(ctx context.Context, sc tenancy.Scope, brandID uuid.UUID) error {
	if _, err := s.catalogue.GetBrand(ctx, sc, brandID); err != nil {
		return err
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		n, err := s.q.DeleteTrackingDomain(ctx, tx, brandID)
		if err != nil {
			return err
		}
		if n == 0 {
			return noTrackingDomain()
		}
		return activity.Log(ctx, tx, sc.Actor(), "remove_tracking_domain", "brand", brandID.String(), nil)
	})
	if err == nil {
		s.reloadDomains(ctx)
	}
	return err
}

// CheckTrackingDomain looks the brand's tracking domain's CNAME record up now and records what it
// found: pointing at the platform verifies the domain; missing or pointing elsewhere makes it
// pending; a failed lookup changes nothing.
func (s *Service) CheckTrackingDomain(ctx context.Context, sc tenancy.Scope, brandID uuid.UUID) (Domain, error) {
	if _, err := s.catalogue.GetBrand(ctx, sc, brandID); err != nil {
		return Domain{}, err
	}
	current, found, err := s.trackingDomain(ctx, s.pool, brandID)
	if err != nil {
		return Domain{}, err
	}
	if !found {
		return Domain{}, noTrackingDomain()
	}
	result, target := s.lookUp(ctx, current.Hostname)
	now := s.now()
	status, verifiedAt := current.Status, current.VerifiedAt
	switch result {
	case CheckPointsHere:
		if status != DomainVerified {
			status, verifiedAt = DomainVerified, &now
		}
	case CheckNoCNAME, CheckPointsElsewhere:
		status, verifiedAt = DomainPending, nil
	}
	var out Domain
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		row, err := s.q.RecordTrackingDomainCheck(ctx, tx, queries.RecordTrackingDomainCheckParams{
			BrandID: brandID, Status: status, VerifiedAt: verifiedAt, CheckedAt: &now, CheckResult: &result, FoundTarget: target,
		})
		if errors.Is(err, pgx.ErrNoRows) { // removed meanwhile
			return noTrackingDomain()
		}
		if err != nil {
			return err
		}
		out = domainOf(row)
		if status == current.Status {
			return nil
		}
		return activity.Log(ctx, tx, sc.Actor(), "check_tracking_domain", "brand", brandID.String(),
			map[string]any{"hostname": current.Hostname, "status": status})
	})
	if err == nil && status != current.Status {
		s.reloadDomains(ctx)
	}
	return out, err
}

// lookUp answers what a host name's CNAME record points at: the platform's host name (or the name
// that one is an alias of, since a lookup answers the end of the chain), another name, or nothing.
func (s *Service) lookUp(ctx context.Context, host string) (result string, elsewhere *string) {
	ctx, cancel := context.WithTimeout(ctx, dnsTimeout)
	defer cancel()
	cname, err := s.resolver.LookupCNAME(ctx, host)
	var dnsErr *net.DNSError
	switch {
	case errors.As(err, &dnsErr) && dnsErr.IsNotFound:
		return CheckNoCNAME, nil
	case err != nil:
		return CheckLookupFailed, nil
	}
	target := strings.TrimSuffix(strings.ToLower(cname), ".")
	if target == host {
		return CheckNoCNAME, nil // the name has addresses of its own
	}
	if target == s.platformHost {
		return CheckPointsHere, nil
	}
	if platform, err := s.resolver.LookupCNAME(ctx, s.platformHost); err == nil && strings.TrimSuffix(strings.ToLower(platform), ".") == target {
		return CheckPointsHere, nil
	}
	return CheckPointsElsewhere, &target
}

// reloadDomains makes a change of a verified domain count at once in this process's redirect; if
// the database cannot be read now, the redirect reads it again within a second.
func (s *Service) reloadDomains(ctx context.Context) {
	_ = s.redirector.LoadTrackingDomains(ctx)
}

// ServesHost reports whether the platform answers on a host name: its own, or a verified tracking
// domain (read from the database, not the cache: a reverse proxy asks before it gets a certificate).
func (s *Service) ServesHost(ctx context.Context, raw string) (bool, error) {
	host, err := domains.Normalize(raw)
	if err != nil {
		return false, nil
	}
	if host == s.platformHost {
		return true, nil
	}
	d, err := s.q.TrackingDomainByHostname(ctx, s.pool, host)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return err == nil && d.Status == DomainVerified, err
}
