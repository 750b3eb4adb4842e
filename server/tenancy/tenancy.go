// Package tenancy decides who sees what. A Scope is built once per request by the authenticator
// (or named explicitly by internal code as a System scope) and passed to the domain services,
// which narrow every query with it; a row outside the scope is not found.
package tenancy

import (
	"fmt"

	"github.com/google/uuid"
)

type kind uint8

const (
	none kind = iota
	host
	brand
	affiliate
	system
)

// Scope is the set of tenants a request may read and change.
type Scope struct {
	kind      kind
	actor     uuid.UUID
	brand     uuid.UUID
	affiliate uuid.UUID
	reason    string
}

// Host sees and manages every tenant.
func Host(actor uuid.UUID) Scope { return Scope{kind: host, actor: actor} }

// Brand sees its own brand's objects; actor is uuid.Nil for a brand API key.
func Brand(actor, brandID uuid.UUID) Scope { return Scope{kind: brand, actor: actor, brand: brandID} }

// Affiliate sees its own affiliate record, memberships, links and codes, and what brands publish.
func Affiliate(actor, affiliateID uuid.UUID) Scope {
	return Scope{kind: affiliate, actor: actor, affiliate: affiliateID}
}

// System is an internal read or write across tenants, such as resolving a link's campaign for a
// brand that owns the link; reason says why, for logs and review.
func System(reason string) Scope { return Scope{kind: system, reason: reason} }

// IsHost reports a host's scope.
func (s Scope) IsHost() bool { return s.kind == host }

// IsBrand reports a brand's scope.
func (s Scope) IsBrand() bool { return s.kind == brand }

// IsAffiliate reports an affiliate's scope.
func (s Scope) IsAffiliate() bool { return s.kind == affiliate }

// IsSystem reports an internal scope.
func (s Scope) IsSystem() bool { return s.kind == system }

// SeesAll reports a scope that every tenant's rows are in: a host or the system.
func (s Scope) SeesAll() bool { return s.kind == host || s.kind == system }

// Actor is the user acting, for the activity log (uuid.Nil for API keys and the system).
func (s Scope) Actor() uuid.UUID { return s.actor }

// BrandID is a brand scope's brand.
func (s Scope) BrandID() (uuid.UUID, bool) { return s.brand, s.kind == brand }

// AffiliateID is an affiliate scope's affiliate.
func (s Scope) AffiliateID() (uuid.UUID, bool) { return s.affiliate, s.kind == affiliate }

// nobody is a filter no row matches: brand and affiliate ids are random UUIDs, never nil.
var nobody = uuid.NullUUID{UUID: uuid.Nil, Valid: true}

// Brands narrows queries of brand-owned rows: no filter for a host or the system, the brand's own
// for a brand, and for an affiliate (or an empty scope) a filter no row matches.
func (s Scope) Brands() uuid.NullUUID {
	switch s.kind {
	case host, system:
		return uuid.NullUUID{}
	case brand:
		return uuid.NullUUID{UUID: s.brand, Valid: true}
	}
	return nobody
}

// Memberships narrows a list of applications or links by brand and by affiliate: a brand its
// own brand's, an affiliate its own in every brand, a host or the system all.
func (s Scope) Memberships() (brandFilter, affiliateFilter uuid.NullUUID) {
	switch s.kind {
	case affiliate:
		return uuid.NullUUID{}, uuid.NullUUID{UUID: s.affiliate, Valid: true}
	case host, system, brand:
		return s.Brands(), uuid.NullUUID{}
	}
	return nobody, nobody
}

// String names the scope for logs.
func (s Scope) String() string {
	switch s.kind {
	case host:
		return "host:" + s.actor.String()
	case brand:
		return "brand:" + s.brand.String()
	case affiliate:
		return "affiliate:" + s.affiliate.String()
	case system:
		return fmt.Sprintf("system(%s)", s.reason)
	}
	return "none"
}
