// Command clickbench measures how many clicks a second the click writers store (COPY and the
// rollup of each batch, server/domain/clicks) into the database at DATABASE_URL, migrated first:
// the database side of the redirect alone, without HTTP, to compare one PostgreSQL with a Citus
// cluster (docs/scaling.md). It prints one line: writers, clicks, seconds, clicks/s.
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/openaffiliate/platform/server"
	"github.com/openaffiliate/platform/server/domain/clicks"
)

func main() {
	n := flag.Int("clicks", 500_000, "clicks to store")
	writers := flag.Int("writers", 1, "click writers (CLICK_WRITERS)")
	brands := flag.Int("brands", 50, "brands the clicks spread over")
	links := flag.Int("links", 2000, "links the clicks spread over")
	flag.Parse()
	if err := run(*n, *writers, *brands, *links); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(n, writers, brands, links int) error {
	ctx := context.Background()
	pool, err := server.OpenPool(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := server.Migrate(pool); err != nil {
		return err
	}
	type link struct{ id, campaign, affiliate, brand uuid.UUID }
	brandIDs := make([]uuid.UUID, brands)
	for i := range brandIDs {
		brandIDs[i] = uuid.New()
	}
	all := make([]link, links)
	for i := range all {
		all[i] = link{uuid.New(), uuid.New(), uuid.New(), brandIDs[i%brands]}
	}
	var before int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM clicks`).Scan(&before); err != nil {
		return err
	}
	r := clicks.NewRecorder(pool, clicks.Options{Writers: writers})
	start := time.Now()
	var wg sync.WaitGroup
	const senders = 8
	for s := range senders {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(s), 1)) //nolint:gosec // G404: how the load spreads, no secret
			for i := s; i < n; i += senders {
				l := all[rng.IntN(len(all))]
				c := clicks.Click{ID: uuid.Must(uuid.NewV7()), At: time.Now(), LinkID: l.id, CampaignID: l.campaign,
					AffiliateID: l.affiliate, BrandID: l.brand, IPHash: fmt.Sprintf("ip-%d", rng.IntN(50_000)), UserAgent: "Mozilla/5.0"}
				if err := r.Record(ctx, c); err != nil {
					panic(err)
				}
			}
		})
	}
	wg.Wait()
	if err := r.Close(ctx); err != nil {
		return err
	}
	took := time.Since(start).Seconds()
	var stored int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM clicks`).Scan(&stored); err != nil {
		return err
	}
	if stored-before != n {
		return fmt.Errorf("%d clicks sent, %d stored", n, stored-before)
	}
	fmt.Printf("writers=%d clicks=%d seconds=%.1f clicks_per_s=%.0f\n", writers, n, took, float64(n)/took)
	return nil
}
