package server

import (
	"github.com/labstack/echo/v4"

	"github.com/openaffiliate/platform/server/platform/policy"
)

const policyContextKey = "operation-policy"

// operationPolicy looks up the matched operation's policy, declared in the contract and read once
// at start-up, for the checks after it: the raw body, the roles, maintenance and idempotency.
// An unknown route gets the zero policy: not public, no roles, nothing allowed.
func operationPolicy(table policy.Table) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			c.Set(policyContextKey, table[policy.Key(c.Request().Method, c.Path())])
			return next(c)
		}
	}
}

// policyOf is the operation's policy that operationPolicy found.
func policyOf(c echo.Context) policy.Policy {
	p, _ := c.Get(policyContextKey).(policy.Policy)
	return p
}
