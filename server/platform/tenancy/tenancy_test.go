package tenancy

import (
	"testing"

	"github.com/google/uuid"

	"github.com/openaffiliate/platform/server/platform/auth"
)

func TestScopesNarrowQueries(t *testing.T) {
	actor, brandID, affID := uuid.New(), uuid.New(), uuid.New()
	all := uuid.NullUUID{}
	nothing := uuid.NullUUID{UUID: uuid.Nil, Valid: true}
	own := func(id uuid.UUID) uuid.NullUUID { return uuid.NullUUID{UUID: id, Valid: true} }
	for name, tc := range map[string]struct {
		scope                  Scope
		brands, memberBrand    uuid.NullUUID
		memberAffiliate        uuid.NullUUID
		ownBrand, ownAffiliate uuid.NullUUID
		seesAll                bool
	}{
		"host":      {hostOf(actor), all, all, all, uuid.NullUUID{}, uuid.NullUUID{}, true},
		"system":    {System("test"), all, all, all, uuid.NullUUID{}, uuid.NullUUID{}, true},
		"brand":     {Brand(actor, brandID), own(brandID), own(brandID), all, own(brandID), uuid.NullUUID{}, false},
		"affiliate": {Affiliate(actor, affID), nothing, all, own(affID), uuid.NullUUID{}, own(affID), false},
		"empty":     {Scope{}, nothing, nothing, nothing, uuid.NullUUID{}, uuid.NullUUID{}, false},
	} {
		t.Run(name, func(t *testing.T) {
			s := tc.scope
			b, a := s.Memberships()
			if s.Brands() != tc.brands || b != tc.memberBrand || a != tc.memberAffiliate ||
				s.OwnBrand() != tc.ownBrand || s.OwnAffiliate() != tc.ownAffiliate || s.SeesAll() != tc.seesAll {
				t.Errorf("%s: brands %v, memberships %v %v, own %v %v, sees all %v", s, s.Brands(), b, a, s.OwnBrand(), s.OwnAffiliate(), s.SeesAll())
			}
		})
	}
}

func TestOfUser(t *testing.T) {
	id, brandID := uuid.New(), uuid.New()
	if s := Of(auth.User{ID: id, AccountType: auth.RoleBrand, BrandID: uuid.NullUUID{UUID: brandID, Valid: true}}); !s.IsBrand() || s.Actor() != id {
		t.Errorf("brand user: %v", s)
	}
	if s := Of(auth.User{ID: id, AccountType: auth.RoleAffiliate}); s.IsAffiliate() || s.SeesAll() || s.Brands().UUID != uuid.Nil {
		t.Errorf("an affiliate user without its record must see nothing: %v", s)
	}
	if s := Of(auth.User{ID: id, AccountType: auth.RoleHost}); !s.IsHost() {
		t.Errorf("host: %v", s)
	}
}

// Only a host's scope makes a HostScope; the zero one a refusal leaves is refused and sees nothing.
func TestHostScopeOnlyFromAHost(t *testing.T) {
	actor := uuid.New()
	h, ok := Of(auth.User{ID: actor, AccountType: auth.RoleHost}).AsHost()
	if !ok || h.Check() != nil || h.Actor() != actor || !h.Scope().IsHost() {
		t.Errorf("host: %v %v %v", ok, h.Check(), h.Scope())
	}
	for name, s := range map[string]Scope{
		"brand": Brand(actor, uuid.New()), "affiliate": Affiliate(actor, uuid.New()), "system": System("test"), "empty": {},
	} {
		h, ok := s.AsHost()
		if ok || h.Check() == nil || h.Actor() != uuid.Nil || h.Scope().Brands() != nobody {
			t.Errorf("%s made a usable HostScope: %v %v %v", name, ok, h.Check(), h.Scope())
		}
	}
}
