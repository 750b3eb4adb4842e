package policy_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/platform/policy"
)

func contract(t *testing.T) *openapi3.T {
	t.Helper()
	spec, err := oapi.GetSpec()
	if err != nil {
		t.Fatal(err)
	}
	return spec
}

// Every operation of openapi.yaml declares its policy: the server refuses to start otherwise.
func TestContractDeclaresEveryOperationsPolicy(t *testing.T) {
	spec := contract(t)
	table, err := policy.Load(spec, "/api/v1")
	if err != nil {
		t.Fatal(err)
	}
	operations := 0
	for _, item := range spec.Paths.Map() {
		operations += len(item.Operations())
	}
	if len(table) != operations {
		t.Errorf("%d policies for %d operations", len(table), operations)
	}
	if p := table[policy.Key(http.MethodPost, "/api/v1/integrations/shopify/:public_id/orders")]; !p.Public || !p.RawBody || p.Idempotent {
		t.Errorf("the Shopify webhook's policy: %+v", p)
	}
}

// Leaving out a required declaration, or writing one the contract does not define, is refused
// with the operation and the rule named.
func TestLoadRefusesAMissingOrWrongDeclaration(t *testing.T) {
	for _, c := range []struct {
		name, method, path, want string
		edit                     func(op *openapi3.Operation)
	}{
		{"no x-idempotent on a change", http.MethodPost, "/campaigns", "x-idempotent (true or false) is required",
			func(op *openapi3.Operation) { delete(op.Extensions, "x-idempotent") }},
		{"no x-idempotent on a public change", http.MethodPost, "/auth/login", "x-idempotent (true or false) is required",
			func(op *openapi3.Operation) { delete(op.Extensions, "x-idempotent") }},
		{"no x-roles", http.MethodDelete, "/campaigns/{id}", "x-roles is required",
			func(op *openapi3.Operation) { delete(op.Extensions, "x-roles") }},
		{"no x-roles on a read", http.MethodGet, "/auth/me", "x-roles is required",
			func(op *openapi3.Operation) { delete(op.Extensions, "x-roles") }},
		{"x-roles on a public operation", http.MethodPost, "/auth/signup", "a public operation (security: []) has no x-roles",
			func(op *openapi3.Operation) { op.Extensions["x-roles"] = []any{"host"} }},
		{"an unknown role", http.MethodPost, "/campaigns", "x-roles: admin is not one of",
			func(op *openapi3.Operation) { op.Extensions["x-roles"] = []any{"admin"} }},
		{"x-idempotent false beside the key", http.MethodPost, "/campaigns", "exactly when the operation takes the IdempotencyKey",
			func(op *openapi3.Operation) { op.Extensions["x-idempotent"] = false }},
		{"an idempotent change without its 409", http.MethodPut, "/campaigns/{id}", "answers 409 to a reused Idempotency-Key",
			func(op *openapi3.Operation) { op.Responses.Delete("409") }},
		{"x-idempotent on a read", http.MethodGet, "/campaigns", "x-idempotent is for changes only",
			func(op *openapi3.Operation) { op.Extensions["x-idempotent"] = true }},
		{"a public idempotent change", http.MethodPost, "/auth/login", "exactly when the operation takes the IdempotencyKey",
			func(op *openapi3.Operation) { op.Extensions["x-idempotent"] = true }},
		{"a secret answer that would not be withheld", http.MethodPost, "/auth/login", "x-secret-answer is for idempotent changes",
			func(op *openapi3.Operation) { op.Extensions["x-secret-answer"] = true }},
		{"x-secret-answer: false", http.MethodPost, "/brands/api-keys", "x-secret-answer: false",
			func(op *openapi3.Operation) { op.Extensions["x-secret-answer"] = false }},
		{"x-maintenance with another value", http.MethodPost, "/auth/logout", "the only value is allowed",
			func(op *openapi3.Operation) { op.Extensions["x-maintenance"] = "yes" }},
		{"x-raw-body on a read", http.MethodGet, "/campaigns", "for changes only",
			func(op *openapi3.Operation) { op.Extensions["x-raw-body"] = true }},
	} {
		t.Run(c.name, func(t *testing.T) {
			spec := contract(t)
			c.edit(spec.Paths.Find(c.path).GetOperation(c.method))
			_, err := policy.Load(spec, "/api/v1")
			if err == nil || !strings.Contains(err.Error(), c.method+" "+c.path+": ") || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want an error naming %s %s: %s", err, c.method, c.path, c.want)
			}
		})
	}
}

// credentialFields are answer fields that hold a credential: an answer with one is never stored
// for a replay, so the operation must say x-secret-answer (login's jwt is public: no key at all).
var credentialFields = map[string]bool{"jwt": true, "token": true, "key": true, "api_key": true, "webhook_secret": true, "invite_url": true}

// A change that answers a credential cannot leave out x-secret-answer: checked on the contract,
// and on a copy without change-password's declaration.
func TestCredentialAnswersAreSecretAnswers(t *testing.T) {
	if found := credentialsKeptForReplay(contract(t)); len(found) > 0 {
		t.Errorf("answers a credential without x-secret-answer: true: %v", found)
	}
	spec := contract(t)
	delete(spec.Paths.Find("/auth/change-password").Post.Extensions, "x-secret-answer")
	if found := credentialsKeptForReplay(spec); len(found) != 1 || found[0] != "POST /auth/change-password (jwt)" {
		t.Errorf("without change-password's declaration: %v", found)
	}
}

// credentialsKeptForReplay lists the idempotent changes whose success answers hold a credential
// field but do not say x-secret-answer.
func credentialsKeptForReplay(spec *openapi3.T) []string {
	var found []string
	for path, item := range spec.Paths.Map() {
		for method, op := range item.Operations() {
			p, err := policy.Of(method, op, spec.Security)
			if err != nil || !p.Idempotent || p.SecretAnswer {
				continue
			}
			for code, resp := range op.Responses.Map() {
				if !strings.HasPrefix(code, "2") || resp.Value == nil {
					continue
				}
				for _, media := range resp.Value.Content {
					if field := credentialField(media.Schema, 0); field != "" {
						found = append(found, method+" "+path+" ("+field+")")
					}
				}
			}
		}
	}
	return found
}

func credentialField(ref *openapi3.SchemaRef, depth int) string {
	if ref == nil || ref.Value == nil || depth > 6 {
		return ""
	}
	s := ref.Value
	for name, prop := range s.Properties {
		if credentialFields[name] {
			return name
		}
		if f := credentialField(prop, depth+1); f != "" {
			return f
		}
	}
	for _, list := range [][]*openapi3.SchemaRef{s.AllOf, s.OneOf, s.AnyOf} {
		for _, sub := range list {
			if f := credentialField(sub, depth+1); f != "" {
				return f
			}
		}
	}
	return credentialField(s.Items, depth+1)
}
