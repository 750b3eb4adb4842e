package api_test

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"testing"

	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// TestSignupTwiceAtOnce sends the same sign-up several times at once, for an affiliate and for a
// brand (with its brand id), a few rounds: one answers 201, every other 409, never 500, and one
// account is stored. On a Citus cluster (make test-citus) the copies write the same rows of
// reference tables, which ends in a distributed deadlock that only running the transaction again
// turns into the 409 (dbtx.BeginFunc).
func TestSignupTwiceAtOnce(t *testing.T) {
	env := servertest.Get(t)
	const copies, rounds = 3, 4
	for round := range rounds {
		for _, kind := range []string{"affiliate", "brand"} {
			email := uniqueEmail("twice-" + kind)
			body := signupBody(kind, email)
			if kind == "brand" {
				body["preferredBrandId"] = "twice-" + strconv.FormatInt(seq.Add(1), 10)
			}
			statuses := make([]int, copies)
			var wg sync.WaitGroup
			for i := range copies {
				wg.Go(func() {
					r := env.Call(t, http.MethodPost, "/auth/signup", "", body)
					statuses[i] = r.Status
					if r.Status != http.StatusCreated && (r.Status != http.StatusConflict || r.Body["code"] != "CONFLICT") {
						t.Errorf("round %d, %s: %d %s", round, kind, r.Status, r.Raw)
					}
				})
			}
			wg.Wait()
			created := 0
			for _, s := range statuses {
				if s == http.StatusCreated {
					created++
				}
			}
			var stored int
			if err := env.App.Pool.QueryRow(context.Background(), "SELECT count(*) FROM users WHERE lower(email) = lower($1)", email).Scan(&stored); err != nil {
				t.Fatal(err)
			}
			if created != 1 || stored != 1 {
				t.Fatalf("round %d, %s: %d copies answered %v (%d created) and stored %d accounts; want one created and stored, the others 409",
					round, kind, copies, statuses, created, stored)
			}
		}
	}
}
