package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/platform/policy"
)

func contractPolicies(t *testing.T) policy.Table {
	t.Helper()
	spec, err := oapi.GetSpec()
	if err != nil {
		t.Fatal(err)
	}
	table, err := policy.Load(spec, APIBase)
	if err != nil {
		t.Fatal(err)
	}
	return table
}

// The policy table's keys are the routes the generated handlers register, so every operation
// finds its policy (a missing one would be the zero policy: every caller refused).
func TestPolicyCoversEveryRoute(t *testing.T) {
	table := contractPolicies(t)
	e := echo.New()
	oapi.RegisterHandlers(e.Group(APIBase), nil)
	var routes []string
	for _, r := range e.Routes() {
		routes = append(routes, policy.Key(r.Method, r.Path))
	}
	for _, key := range routes {
		if _, ok := table[key]; !ok {
			t.Errorf("route %s has no policy", key)
		}
	}
	for key := range table {
		if !slices.Contains(routes, key) {
			t.Errorf("policy %s matches no route", key)
		}
	}
}

type refuseEveryChange struct{}

func (refuseEveryChange) CheckChange(context.Context) error {
	return echo.NewHTTPError(http.StatusServiceUnavailable, "maintenance")
}

var routeParameter = regexp.MustCompile(`:[A-Za-z_]+`)

// In maintenance every change is refused but the ones declared x-maintenance: allowed, which
// are signing in and out and the host's switches.
func TestMaintenanceFollowsThePolicy(t *testing.T) {
	table := contractPolicies(t)
	e := echo.New()
	group := e.Group(APIBase, operationPolicy(table), maintenance(refuseEveryChange{}))
	for key := range table {
		method, route, _ := strings.Cut(key, " ")
		group.Add(method, strings.TrimPrefix(route, APIBase), func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })
	}
	var allowed []string
	for key, p := range table {
		method, route, _ := strings.Cut(key, " ")
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(method, routeParameter.ReplaceAllString(route, "x1"), nil))
		ran := rec.Code == http.StatusNoContent
		if changes := method != http.MethodGet; ran != (!changes || p.AllowedInMaintenance) {
			t.Errorf("%s in maintenance answered %d (allowed: %v)", key, rec.Code, p.AllowedInMaintenance)
		}
		if ran && method != http.MethodGet {
			allowed = append(allowed, key)
		}
	}
	slices.Sort(allowed)
	want := []string{
		"POST /api/v1/admin/emergency/campaigns", "POST /api/v1/auth/login", "POST /api/v1/auth/logout", "PUT /api/v1/admin/emergency",
	}
	if !slices.Equal(allowed, want) {
		t.Errorf("maintenance lets through %v, want %v", allowed, want)
	}
}
