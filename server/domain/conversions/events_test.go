package conversions_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/openaffiliate/platform/server/domain/conversions"
	"github.com/openaffiliate/platform/server/domain/webhooks"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// inserter keeps the jobs it is given instead of running them.
type inserter struct {
	mu   sync.Mutex
	jobs []river.JobArgs
}

func (i *inserter) InsertTx(_ context.Context, _ pgx.Tx, args river.JobArgs, _ *river.InsertOpts) error {
	i.mu.Lock()
	defer i.mu.Unlock()
	i.jobs = append(i.jobs, args)
	return nil
}

// The holding period's confirmation sends conversion.status_changed (confirmed, from pending) to
// the brand's endpoint that chose it, with one delivery job, in the confirmation's transaction.
func TestHoldingPeriodSendsStatusChanged(t *testing.T) {
	p := newProgram(t, tenPercentRON)
	exec(t, `UPDATE campaigns SET holding_days = 14 WHERE id = $1`, p.campaign)
	c := attributed(t, p, "WH-1", "pending")
	exec(t, `UPDATE conversions SET created_at = $2 WHERE id = $1`, c.ID, now.Add(-15*24*time.Hour))
	endpoint := uuid.New()
	exec(t, `INSERT INTO webhook_endpoints (id, brand_id, url, event_types, secret) VALUES ($1, $2, 'https://hooks.example.com/in', '{conversion.status_changed}', 'whsec_c2VjcmV0')`, endpoint, p.brand)

	jobs := &inserter{}
	s := service()
	s.SetEvents(webhooks.NewEvents(jobs, func() time.Time { return now }))
	if _, err := s.ConfirmHeld(context.Background(), 100); err != nil {
		t.Fatal(err)
	}
	var payload string
	if err := pool.QueryRow(context.Background(), `SELECT payload FROM webhook_deliveries WHERE brand_id = $1 AND endpoint_id = $2`, p.brand, endpoint).Scan(&payload); err != nil {
		t.Fatal(err)
	}
	var event struct {
		Type string
		Data webhooks.Conversion
	}
	if err := json.Unmarshal([]byte(payload), &event); err != nil {
		t.Fatal(err)
	}
	if event.Type != webhooks.ConversionStatusChanged || event.Data.ID != c.ID || event.Data.Change != "confirmed" ||
		event.Data.PreviousStatus != "pending" || event.Data.Status != "confirmed" || event.Data.CommissionAmount != "10.00" {
		t.Errorf("event = %s", payload)
	}
	if len(jobs.jobs) != 1 || jobs.jobs[0].Kind() != "webhooks.deliver" {
		t.Errorf("jobs = %v, want one delivery", jobs.jobs)
	}
}

// Orders stored together in groups each send conversion.created once to the brand's endpoint that
// chose it (the group reads the endpoints once), and nothing to the endpoint that did not.
func TestGroupedOrdersSendCreatedOnce(t *testing.T) {
	p := newProgram(t, tenPercentRON)
	chose, other := uuid.New(), uuid.New()
	exec(t, `INSERT INTO webhook_endpoints (id, brand_id, url, event_types, secret) VALUES ($1, $2, 'https://hooks.example.com/in', '{conversion.created}', 'whsec_c2VjcmV0')`, chose, p.brand)
	exec(t, `INSERT INTO webhook_endpoints (id, brand_id, url, event_types, secret) VALUES ($1, $2, 'https://hooks.example.com/other', '{payout.paid}', 'whsec_c2VjcmV0')`, other, p.brand)
	jobs := &inserter{}
	s := grouped(conversions.GroupOptions{Committers: 1, Wait: 5 * time.Millisecond})
	s.SetEvents(webhooks.NewEvents(jobs, func() time.Time { return now }))
	const orders = 12
	var wg sync.WaitGroup
	for i := range orders {
		for range 2 {
			wg.Go(func() {
				if _, _, err := s.Ingest(context.Background(), tenancy.Brand(uuid.Nil, p.brand), order(fmt.Sprintf("EV-%d", i))); err != nil {
					t.Error(err)
				}
			})
		}
	}
	wg.Wait()
	if n := count(t, `SELECT count(DISTINCT payload::jsonb->'data'->>'order_id') FROM webhook_deliveries WHERE endpoint_id = $1`, chose); n != orders {
		t.Errorf("%d orders sent to the endpoint; want %d", n, orders)
	}
	if n := count(t, `SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = $1`, chose); n != orders || len(jobs.jobs) != orders {
		t.Errorf("%d deliveries and %d jobs; want %d", n, len(jobs.jobs), orders)
	}
	if n := count(t, `SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = $1`, other); n != 0 {
		t.Errorf("%d deliveries to the endpoint that did not choose conversion.created", n)
	}
}
