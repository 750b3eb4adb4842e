// Package policy reads what the contract declares about each operation beyond its schemas: who
// may call it, whether it honours an Idempotency-Key, whether it runs in maintenance, whether its
// body must be kept byte for byte and whether its answer holds a credential. docs/contract.md
// describes the extensions; the server reads them once at start-up into a Table.
package policy

import (
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/openaffiliate/platform/server/platform/auth"
)

// Policy is one operation's declarations.
type Policy struct {
	// Public: `security: []`, no authentication and so no caller.
	Public bool
	// Roles are the account types x-roles allows; every operation that is not public has them.
	Roles []string
	// Idempotent (x-idempotent: true): a change that honours an Idempotency-Key, scoped to its caller.
	Idempotent bool
	// AllowedInMaintenance (x-maintenance: allowed): the change still runs while the platform is in maintenance.
	AllowedInMaintenance bool
	// RawBody (x-raw-body: true): a signed webhook whose exact body bytes the handler needs.
	RawBody bool
	// SecretAnswer (x-secret-answer: true): the answer holds a credential shown once, never stored for a replay.
	SecretAnswer bool
}

// Allows says whether an account type may call the operation.
func (p Policy) Allows(accountType string) bool {
	return p.Public || slices.Contains(p.Roles, accountType)
}

// Table holds every operation's policy, keyed by Key.
type Table map[string]Policy

// Key names an operation by its method and its route as the router spells it (`/brands/:id`).
func Key(method, route string) string { return method + " " + route }

var pathParameter = regexp.MustCompile(`\{([^}]+)\}`)

// Load reads the policy of every operation of spec, under the routes' common prefix base, and
// refuses a spec that leaves out a declaration the contract requires (see Of).
func Load(spec *openapi3.T, base string) (Table, error) {
	table := Table{}
	var errs []error
	for path, item := range spec.Paths.Map() {
		route := base + pathParameter.ReplaceAllString(path, ":$1")
		for method, op := range item.Operations() {
			p, err := Of(method, op, spec.Security)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s %s: %w", method, path, err))
				continue
			}
			table[Key(method, route)] = p
		}
	}
	return table, errors.Join(errs...)
}

// Of reads one operation's policy, given its method and the spec's default security. Every operation is either
// public or names its roles; every change states x-idempotent, true exactly when it takes the
// Idempotency-Key parameter, and a public one cannot (no caller to scope a key to); an idempotent
// change lists the 409 a reused key answers; a secret answer is an idempotent change's; the other
// extensions are optional and only take the values documented.
func Of(method string, op *openapi3.Operation, defaultSecurity openapi3.SecurityRequirements) (Policy, error) {
	var p Policy
	var errs []error
	security := defaultSecurity
	if op.Security != nil {
		security = *op.Security
	}
	p.Public = len(security) == 0
	for name, value := range op.Extensions {
		var err error
		switch name {
		case "x-roles":
			p.Roles, err = roles(value)
		case "x-idempotent":
			p.Idempotent, err = flag(value, true, false)
		case "x-maintenance":
			if value != "allowed" {
				err = errors.New("the only value is allowed")
			}
			p.AllowedInMaintenance = true
		case "x-raw-body":
			p.RawBody, err = flag(value, true)
		case "x-secret-answer":
			p.SecretAnswer, err = flag(value, true)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", name, err))
		}
	}
	_, hasRoles := op.Extensions["x-roles"]
	_, statesIdempotent := op.Extensions["x-idempotent"]
	changes := changesData(method)
	switch {
	case p.Public && hasRoles:
		errs = append(errs, errors.New("a public operation (security: []) has no x-roles"))
	case !p.Public && !hasRoles:
		errs = append(errs, errors.New("x-roles is required unless the operation is public (security: [])"))
	}
	switch {
	case changes && !statesIdempotent:
		errs = append(errs, errors.New("x-idempotent (true or false) is required on a change"))
	case !changes && statesIdempotent:
		errs = append(errs, errors.New("x-idempotent is for changes only"))
	case p.Idempotent != takesIdempotencyKey(op):
		errs = append(errs, errors.New("x-idempotent is true exactly when the operation takes the IdempotencyKey parameter"))
	case p.Idempotent && p.Public:
		errs = append(errs, errors.New("a public operation has no caller to scope an Idempotency-Key to: x-idempotent: false"))
	}
	if p.Idempotent && op.Responses.Value("409") == nil {
		errs = append(errs, errors.New("an idempotent change answers 409 to a reused Idempotency-Key: list the 409 response"))
	}
	if p.SecretAnswer && !p.Idempotent {
		errs = append(errs, errors.New("x-secret-answer is for idempotent changes, the only answers stored for a replay"))
	}
	if (p.AllowedInMaintenance || p.RawBody) && !changes {
		errs = append(errs, errors.New("x-maintenance and x-raw-body are for changes only"))
	}
	return p, errors.Join(errs...)
}

// changesData says whether a method changes data (and so may carry an Idempotency-Key).
func changesData(method string) bool {
	switch method {
	case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		return true
	}
	return false
}

var accountTypes = []string{auth.RoleHost, auth.RoleBrand, auth.RoleAffiliate}

func roles(value any) ([]string, error) {
	list, ok := value.([]any)
	if !ok || len(list) == 0 {
		return nil, errors.New("a list of account types")
	}
	out := make([]string, 0, len(list))
	for _, r := range list {
		s, _ := r.(string)
		if !slices.Contains(accountTypes, s) {
			return nil, fmt.Errorf("%v is not one of %s", r, strings.Join(accountTypes, ", "))
		}
		out = append(out, s)
	}
	return out, nil
}

// flag reads a boolean extension that may only take the values allowed.
func flag(value any, allowed ...bool) (bool, error) {
	b, ok := value.(bool)
	if !ok || !slices.Contains(allowed, b) {
		return false, fmt.Errorf("%v: allowed are %v", value, allowed)
	}
	return b, nil
}

func takesIdempotencyKey(op *openapi3.Operation) bool {
	return slices.ContainsFunc(op.Parameters, func(p *openapi3.ParameterRef) bool {
		return strings.HasSuffix(p.Ref, "/IdempotencyKey")
	})
}
