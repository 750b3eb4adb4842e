// Package tenancy decides who sees what. A Scope is built once per request by the authenticator
// (or named explicitly by internal code as a System scope) and passed to the domain services,
// which narrow every query with it; a row outside the scope is not found. A host-only service
// takes a HostScope instead, which only a host's Scope makes.
package tenancy

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/auth"
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

// hostOf sees and manages every tenant; only Of builds one, from an authenticated host.
func hostOf(actor uuid.UUID) Scope { return Scope{kind: host, actor: actor} }

// Brand sees its own brand's objects; actor is uuid.Nil for a brand API key.
func Brand(actor, brandID uuid.UUID) Scope { return Scope{kind: brand, actor: actor, brand: brandID} }

// Affiliate sees its own affiliate record, memberships, links and codes, and what brands publish.
func Affiliate(actor, affiliateID uuid.UUID) Scope {
	return Scope{kind: affiliate, actor: actor, affiliate: affiliateID}
}

// System is an internal read or write across tenants, such as resolving a link's campaign for a
// brand that owns the link; reason says why, for logs and review.
func System(reason string) Scope { return Scope{kind: system, reason: reason} }

// Of is the scope of an authenticated user: a user whose brand or affiliate record is missing
// gets the empty scope, which sees nothing.
func Of(u auth.User) Scope {
	switch {
	case u.AccountType == auth.RoleHost:
		return hostOf(u.ID)
	case u.AccountType == auth.RoleBrand && u.BrandID.Valid:
		return Brand(u.ID, u.BrandID.UUID)
	case u.AccountType == auth.RoleAffiliate && u.AffiliateID.Valid:
		return Affiliate(u.ID, u.AffiliateID.UUID)
	}
	return Scope{}
}

// HostScope is proof that a host is acting: every host-only domain method takes one, so a brand
// cannot reach such a method even where an operation's x-roles line is wrong. Only a host's Scope
// makes one (AsHost); the zero HostScope is no host, and Check refuses it.
type HostScope struct {
	actor uuid.UUID
	ok    bool
}

// AsHost is a host's scope as a HostScope; false for every other scope.
func (s Scope) AsHost() (HostScope, bool) {
	if s.kind != host {
		return HostScope{}, false
	}
	return HostScope{actor: s.actor, ok: true}, true
}

// Refused is the answer to a scope that may not do what it asked, in the authenticator's words.
func Refused() error {
	return apierror.Forbidden("You do not have permission to perform this action.")
}

// Check refuses the zero HostScope, which no host's scope made.
func (h HostScope) Check() error {
	if !h.ok {
		return Refused()
	}
	return nil
}

// Actor is the host acting, for the activity log.
func (h HostScope) Actor() uuid.UUID { return h.actor }

// Scope is the host's scope, for queries narrowed by a scope; the zero HostScope's sees nothing.
func (h HostScope) Scope() Scope {
	if !h.ok {
		return Scope{}
	}
	return hostOf(h.actor)
}

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

// OwnBrand is a brand scope's brand as a query argument; null for every other scope.
func (s Scope) OwnBrand() uuid.NullUUID {
	return uuid.NullUUID{UUID: s.brand, Valid: s.kind == brand}
}

// OwnAffiliate is an affiliate scope's affiliate as a query argument; null for every other scope.
func (s Scope) OwnAffiliate() uuid.NullUUID {
	return uuid.NullUUID{UUID: s.affiliate, Valid: s.kind == affiliate}
}

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

type scopeKey struct{}

// With stores the request's scope in its context (the authenticator does, once).
func With(ctx context.Context, s Scope) context.Context { return context.WithValue(ctx, scopeKey{}, s) }

// From reads the request's scope; a context without one sees nothing.
func From(ctx context.Context) Scope {
	s, _ := ctx.Value(scopeKey{}).(Scope)
	return s
}
