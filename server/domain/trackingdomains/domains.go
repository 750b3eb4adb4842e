// Package trackingdomains is brands' tracking domains: a brand claims a host name of its own,
// proves it with a CNAME record pointing at the platform and a TXT record holding its token, and
// the domain is checked again daily (RecheckTrackingDomains); it builds the addresses of tracking
// links (on the brand's verified domain, else on the platform's) and answers whether the platform
// serves a host name. The redirect (package redirect) reads the live table of domains and claims.
package trackingdomains

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/activity"
	"github.com/openaffiliate/platform/server/domain/brands"
	"github.com/openaffiliate/platform/server/domain/notify"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/change"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/domains"
	"github.com/openaffiliate/platform/server/platform/ratelimit"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// Service manages brands' tracking domains; brands answers who may see which brand.
type Service struct {
	pool         *pgxpool.Pool
	q            *queries.Queries
	brands       *brands.Service
	hosts        Hosts
	changes      *change.Bus   // tells the redirect of a changed tracking domain
	mail         notify.Mailer // queues notifications' email; nil while email is off
	publicURL    string
	scheme       string // PUBLIC_URL's
	platformHost string // PUBLIC_URL's host name, the target of tracking domains' CNAME records
	resolver     Resolver
	now          func() time.Time
}

// New makes the service; hosts is the redirect's table of verified domains, resolver looks up
// tracking domains' records.
func New(pool *pgxpool.Pool, b *brands.Service, hosts Hosts, publicURL string, resolver Resolver, now func() time.Time) *Service {
	scheme, host := platformAddress(publicURL)
	return &Service{pool: pool, q: queries.New(), brands: b, hosts: hosts, changes: change.Of(pool), publicURL: publicURL,
		scheme: scheme, platformHost: host, resolver: resolver, now: now}
}

// SetMailer makes the notifications this service writes send email too (server/domain/email).
func (s *Service) SetMailer(m notify.Mailer) { s.mail = m }

// Hosts answers a brand's verified tracking domain from the table the redirect keeps
// (redirect.Redirector), so building a link's address reads no database.
type Hosts interface {
	TrackingDomainOf(ctx context.Context, brand uuid.UUID) (string, bool)
}

// Resolver looks up a host name's canonical name, its TXT records and its addresses:
// net.DefaultResolver in production, a fake in tests.
type Resolver interface {
	LookupCNAME(ctx context.Context, host string) (string, error)
	LookupTXT(ctx context.Context, name string) ([]string, error)
	LookupHost(ctx context.Context, host string) ([]string, error)
}

// CodeInvalidDomain answers a host name that cannot be a tracking domain.
const CodeInvalidDomain = oapi.ErrorCodeINVALIDDOMAIN

// A tracking domain's status.
const (
	DomainPending  = "pending"
	DomainVerified = "verified"
)

// What a check of a tracking domain's records saw (the contract's TrackingDomainCheckResult).
const (
	CheckPointsHere      = "points_here"
	CheckNoCNAME         = "no_cname"
	CheckPointsElsewhere = "points_elsewhere"
	CheckNoTXT           = "no_txt"
	CheckLookupFailed    = "lookup_failed"
)

// dnsTimeout bounds one check's lookups.
const dnsTimeout = 5 * time.Second

// ClaimTTL is how long a pending claim lasts: from when it was added, or went back to pending.
const ClaimTTL = 7 * 24 * time.Hour

// CheckLimit is how many checks a brand may ask for in CheckWindow.
const (
	CheckLimit  = 10
	CheckWindow = 15 * time.Minute
)

// checkLimit counts a brand's checks (each makes the server query DNS for a name the brand chose):
// past CheckLimit in CheckWindow a check answers 429.
var checkLimit = ratelimit.Limit{Action: "domain_check:brand", Max: CheckLimit, Window: CheckWindow}

// TXTPrefix is the label below a tracking domain whose TXT record proves it is the brand's.
const TXTPrefix = "_openaffiliate."

// TXTName is the name of the TXT record that proves a tracking domain is a brand's.
func TXTName(hostname string) string { return TXTPrefix + hostname }

// TXTValue is what the TXT record holds: the brand's token.
func TXTValue(token string) string { return "openaffiliate-verification=" + token }

// Domain is a brand's tracking domain and what its last check saw.
type Domain struct {
	BrandID     uuid.UUID
	Hostname    string
	Token       string // the brand's (drawn once per brand, 122 random bits): its TXT record holds TXTValue(Token)
	Status      string
	CreatedAt   time.Time
	VerifiedAt  *time.Time
	ExpiresAt   *time.Time // a pending claim's end
	CheckedAt   *time.Time
	CheckResult *string
	FoundTarget *string
}

// domainOf is the one mapping from a tracking domain's row to a Domain.
func domainOf(r queries.TrackingDomain) Domain {
	return Domain{
		BrandID: r.BrandID, Hostname: r.Hostname, Token: r.Token, Status: r.Status, CreatedAt: r.CreatedAt, VerifiedAt: r.VerifiedAt,
		ExpiresAt: r.ExpiresAt, CheckedAt: r.CheckedAt, CheckResult: r.CheckResult, FoundTarget: r.FoundTarget,
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
	if host, ok := s.hosts.TrackingDomainOf(context.Background(), brandID); ok {
		return s.DomainBaseURL(host)
	}
	return s.publicURL + "/r/"
}

// TrackingURL is the address to share for a brand's short code.
func (s *Service) TrackingURL(brandID uuid.UUID, code string) string {
	return s.TrackingBaseURL(brandID) + code
}

// TrackingDomain answers a brand's tracking domain; found is false when it has none (or its
// pending claim expired).
func (s *Service) TrackingDomain(ctx context.Context, sc tenancy.Scope, brandID uuid.UUID) (d Domain, found bool, err error) {
	if _, err := s.brands.GetBrand(ctx, sc, brandID); err != nil {
		return Domain{}, false, err
	}
	return s.trackingDomain(ctx, s.pool, brandID)
}

func (s *Service) trackingDomain(ctx context.Context, db queries.DBTX, brandID uuid.UUID) (Domain, bool, error) {
	row, err := s.q.GetTrackingDomain(ctx, db, queries.GetTrackingDomainParams{BrandID: brandID, Now: s.now()})
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
	return apierror.Conflict("hostname", "Another brand has verified this domain")
}

// checkHostname answers a tracking domain's normalized host name, or why it cannot be one.
func (s *Service) checkHostname(raw string) (string, error) {
	host, err := domains.Normalize(raw)
	if err != nil || !strings.Contains(host, ".") {
		return "", apierror.BadInput(CodeInvalidDomain, "hostname", "Enter a host name such as go.yourbrand.com, without https:// or a path")
	}
	if host == s.platformHost || strings.HasSuffix(host, "."+s.platformHost) {
		return "", apierror.BadInput(CodeInvalidDomain, "hostname", "This is the platform's own address: use a domain of your brand")
	}
	return host, nil
}

// SetTrackingDomain gives a brand a tracking domain (replacing the one it had), pending until it is
// checked. A pending claim is not exclusive: only a name another brand has verified is refused.
func (s *Service) SetTrackingDomain(ctx context.Context, sc tenancy.Scope, brandID uuid.UUID, raw string) (Domain, error) {
	if _, err := s.brands.GetBrand(ctx, sc, brandID); err != nil {
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
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		other, err := s.q.VerifiedTrackingDomainByHostname(ctx, tx, host)
		if err == nil && other.BrandID != brandID {
			return domainTaken()
		}
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		now := s.now()
		expires := now.Add(ClaimTTL)
		row, err := s.q.SetTrackingDomain(ctx, tx, queries.SetTrackingDomainParams{
			BrandID: brandID, Hostname: host, CreatedAt: now, ExpiresAt: &expires,
		})
		if err != nil {
			return err
		}
		out = domainOf(row)
		return activity.Log(ctx, tx, sc.Actor(), activity.TrackingDomainSet, brandID.String(), map[string]any{"hostname": host})
	})
	if err == nil {
		s.reloadDomains(ctx) // the old one no longer answers; the new claim holds back the brand's codes
	}
	return out, err
}

// RemoveTrackingDomain takes a brand's tracking domain away; its links are shown on the platform's address again.
func (s *Service) RemoveTrackingDomain(ctx context.Context, sc tenancy.Scope, brandID uuid.UUID) error {
	if _, err := s.brands.GetBrand(ctx, sc, brandID); err != nil {
		return err
	}
	err := dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		n, err := s.q.DeleteTrackingDomain(ctx, tx, queries.DeleteTrackingDomainParams{BrandID: brandID, Now: s.now()})
		if err != nil {
			return err
		}
		if n == 0 {
			return noTrackingDomain()
		}
		return activity.Log(ctx, tx, sc.Actor(), activity.TrackingDomainRemoved, brandID.String(), nil)
	})
	if err == nil {
		s.reloadDomains(ctx)
	}
	return err
}

// CheckTrackingDomain looks the brand's tracking domain's records up now and records what it
// found: the CNAME pointing at the platform and the TXT record holding the brand's token verify
// the domain; a record missing or pointing elsewhere makes it pending; a failed lookup changes
// nothing. A name another brand verified meanwhile answers 409 and stays pending.
func (s *Service) CheckTrackingDomain(ctx context.Context, sc tenancy.Scope, brandID uuid.UUID) (Domain, error) {
	if _, err := s.brands.GetBrand(ctx, sc, brandID); err != nil {
		return Domain{}, err
	}
	current, found, err := s.trackingDomain(ctx, s.pool, brandID)
	if err != nil {
		return Domain{}, err
	}
	if !found {
		return Domain{}, noTrackingDomain()
	}
	if err := checkLimit.Admit(ctx, s.pool, brandID.String(), s.now(), "Too many checks of the tracking domain. Try again later."); err != nil {
		return Domain{}, err
	}
	result, target := s.lookUp(ctx, current.Hostname, current.Token)
	now := s.now()
	status, verifiedAt, expiresAt := current.Status, current.VerifiedAt, current.ExpiresAt
	switch result {
	case CheckPointsHere:
		if status != DomainVerified {
			status, verifiedAt, expiresAt = DomainVerified, &now, nil
		}
	case CheckNoCNAME, CheckPointsElsewhere, CheckNoTXT:
		if status == DomainVerified {
			expires := now.Add(ClaimTTL)
			status, verifiedAt, expiresAt = DomainPending, nil, &expires
		}
	}
	var out Domain
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		row, err := s.q.RecordTrackingDomainCheck(ctx, tx, queries.RecordTrackingDomainCheckParams{
			BrandID: brandID, Hostname: current.Hostname, Status: status, VerifiedAt: verifiedAt, ExpiresAt: expiresAt,
			CheckedAt: &now, CheckResult: &result, FoundTarget: target,
		})
		if errors.Is(err, pgx.ErrNoRows) { // removed or replaced meanwhile
			return noTrackingDomain()
		}
		if err != nil {
			return err
		}
		out = domainOf(row)
		if status == current.Status {
			return nil
		}
		return activity.Log(ctx, tx, sc.Actor(), activity.TrackingDomainChecked, brandID.String(),
			map[string]any{"hostname": current.Hostname, "status": status})
	})
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" { // another brand verified the name first
		return Domain{}, domainTaken()
	}
	if err == nil && status != current.Status {
		s.reloadDomains(ctx)
	}
	return out, err
}

// RecheckTrackingDomains looks every verified tracking domain's records up again (the server does
// it daily): one whose proof is gone (CNAME missing or elsewhere, or the brand's TXT token missing)
// goes back to pending for ClaimTTL, no longer answers the brand's codes nor gets a certificate,
// and its brand is notified; a lookup that fails changes nothing. Expired pending claims are
// deleted. It answers how many domains went back to pending.
func (s *Service) RecheckTrackingDomains(ctx context.Context) (int, error) {
	now := s.now()
	deleted, err := s.q.DeleteExpiredTrackingDomains(ctx, s.pool, now)
	if err != nil {
		return 0, err
	}
	rows, err := s.q.VerifiedTrackingDomains(ctx, s.pool)
	if err != nil {
		return 0, err
	}
	unverified := 0
	var errs []error
	for _, r := range rows {
		if ctx.Err() != nil {
			break
		}
		lost, err := s.recheck(ctx, domainOf(r))
		if err != nil {
			errs = append(errs, fmt.Errorf("tracking domain %s: %w", r.Hostname, err))
		}
		if lost {
			unverified++
		}
	}
	if deleted > 0 || unverified > 0 {
		s.reloadDomains(ctx)
	}
	return unverified, errors.Join(append(errs, ctx.Err())...)
}

// recheck looks one verified domain up again and records what it saw; lost is whether it went
// back to pending (through this call: another process may have found it first).
func (s *Service) recheck(ctx context.Context, d Domain) (lost bool, err error) {
	result, target := s.lookUp(ctx, d.Hostname, d.Token)
	now := s.now()
	if result == CheckPointsHere || result == CheckLookupFailed {
		return false, s.q.RecordTrackingDomainRecheck(ctx, s.pool, queries.RecordTrackingDomainRecheckParams{
			BrandID: d.BrandID, Hostname: d.Hostname, CheckedAt: &now, CheckResult: &result,
		})
	}
	expires := now.Add(ClaimTTL)
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		lost = false // a run again after a deadlock starts over
		_, err := s.q.UnverifyTrackingDomain(ctx, tx, queries.UnverifyTrackingDomainParams{
			BrandID: d.BrandID, Hostname: d.Hostname, ExpiresAt: &expires, CheckedAt: &now, CheckResult: &result, FoundTarget: target,
		})
		if errors.Is(err, pgx.ErrNoRows) { // removed, replaced or already found meanwhile
			return nil
		}
		if err != nil {
			return err
		}
		lost = true
		if err := activity.Log(ctx, tx, uuid.Nil, activity.TrackingDomainChecked, d.BrandID.String(),
			map[string]any{"hostname": d.Hostname, "status": DomainPending, "check_result": result}); err != nil {
			return err
		}
		return notify.Send(ctx, tx, s.mail, notify.Notice{
			BrandID: uuid.NullUUID{UUID: d.BrandID, Valid: true}, Kind: notify.TrackingDomainUnverified, Params: notify.Params{Hostname: d.Hostname},
			EntityType: "brand", EntityID: d.BrandID.String(),
		})
	})
	return lost, err
}

// lookUp answers whether a host name is proved a brand's: its CNAME record points at the platform's
// host name (or the name that one is an alias of, since a lookup answers the end of the chain) and
// its TXT record `_openaffiliate.<host>` holds the brand's token. When the CNAME points elsewhere,
// the target is answered only when it is a public name (never what an internal name resolves to).
func (s *Service) lookUp(ctx context.Context, host, token string) (result string, elsewhere *string) {
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
	if !s.pointsHere(ctx, target) {
		if !s.publicName(ctx, target) {
			return CheckPointsElsewhere, nil
		}
		return CheckPointsElsewhere, &target
	}
	records, err := s.resolver.LookupTXT(ctx, TXTName(host))
	switch {
	case errors.As(err, &dnsErr) && dnsErr.IsNotFound:
		return CheckNoTXT, nil
	case err != nil:
		return CheckLookupFailed, nil
	}
	want := TXTValue(token)
	for _, r := range records {
		if subtle.ConstantTimeCompare([]byte(strings.TrimSpace(r)), []byte(want)) == 1 {
			return CheckPointsHere, nil
		}
	}
	return CheckNoTXT, nil
}

// pointsHere reports whether a CNAME target is the platform's host name or what that is an alias of.
func (s *Service) pointsHere(ctx context.Context, target string) bool {
	if target == s.platformHost {
		return true
	}
	platform, err := s.resolver.LookupCNAME(ctx, s.platformHost)
	return err == nil && strings.TrimSuffix(strings.ToLower(platform), ".") == target
}

// internalSuffixes are names that are never public: special-use and common private top-level
// names, and cluster-internal ones.
var internalSuffixes = []string{"localhost", "local", "internal", "intranet", "lan", "home", "corp", "private",
	"localdomain", "arpa", "test", "invalid", "onion", "home.arpa", "cluster.local", "svc"}

// cgnat is the carrier-grade NAT range, private in practice though netip does not say so.
var cgnat = netip.MustParsePrefix("100.64.0.0/10")

// publicName reports whether a CNAME target may be shown to the brand: a DNS name outside the
// internal suffixes whose every address is public (not private, loopback, link-local, shared or
// unspecified). A name that does not resolve is not shown either.
func (s *Service) publicName(ctx context.Context, target string) bool {
	name, err := domains.Normalize(target)
	if err != nil || !strings.Contains(name, ".") {
		return false
	}
	for _, suffix := range internalSuffixes {
		if name == suffix || strings.HasSuffix(name, "."+suffix) {
			return false
		}
	}
	addrs, err := s.resolver.LookupHost(ctx, name)
	if err != nil || len(addrs) == 0 {
		return false
	}
	for _, a := range addrs {
		ip, err := netip.ParseAddr(a)
		if err != nil {
			return false
		}
		ip = ip.Unmap()
		if !ip.IsGlobalUnicast() || ip.IsPrivate() || ip.IsLoopback() || ip.IsLinkLocalUnicast() || cgnat.Contains(ip) {
			return false
		}
	}
	return true
}

// reloadDomains makes a change of a verified domain or claim count at once in this process's
// redirect; if the database cannot be read now, the redirect reads it again within a second.
func (s *Service) reloadDomains(ctx context.Context) {
	s.changes.Publish(ctx, change.Event{Kind: change.TrackingDomains})
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
	_, err = s.q.VerifiedTrackingDomainByHostname(ctx, s.pool, host)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}
