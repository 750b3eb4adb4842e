package conversions_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/conversions"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// grouped is a service whose committers wait for orders, so that the orders a test sends at once
// share groups.
func grouped(o conversions.GroupOptions) *conversions.Service {
	s := service()
	s.SetGroups(o)
	return s
}

func count(t *testing.T, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return n
}

// Many orders, each sent three times at once to two servers (two services: the groups of one
// never see the other's), are each stored once, with the code counted once per order, and every
// copy answers the stored conversion.
func TestGroupedOrdersAreStoredOnceUnderRacingCopies(t *testing.T) {
	p := newProgram(t, tenPercentRON)
	servers := []*conversions.Service{
		grouped(conversions.GroupOptions{Committers: 3, Wait: 2 * time.Millisecond}),
		grouped(conversions.GroupOptions{Committers: 2, Size: 5}),
	}
	clicks := []uuid.UUID{p.click(t, now.Add(-time.Hour), "ip-1"), p.click(t, now.Add(-time.Hour), "ip-2")}
	const orders, copies = 60, 3
	type answer struct {
		c       conversions.Conversion
		created bool
	}
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		answers = map[string][]answer{}
	)
	for i := range orders {
		o := order(fmt.Sprintf("G-%d", i))
		if i%2 == 0 {
			o.DiscountCode = p.codeText
		} else {
			o.ClickID = clicks[(i/2)%len(clicks)].String()
		}
		for k := range copies {
			wg.Go(func() {
				c, created, err := servers[(i+k)%len(servers)].Ingest(context.Background(), tenancy.Brand(uuid.Nil, p.brand), o)
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					t.Errorf("%s copy %d: %v", o.OrderID, k, err)
					return
				}
				answers[o.OrderID] = append(answers[o.OrderID], answer{c, created})
			})
		}
	}
	wg.Wait()
	stored := map[string]uuid.UUID{}
	rows, err := pool.Query(context.Background(), `SELECT order_id, id FROM conversions WHERE brand_id = $1`, p.brand)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var order string
		var id uuid.UUID
		if err := rows.Scan(&order, &id); err != nil {
			t.Fatal(err)
		}
		stored[order] = id
	}
	if len(stored) != orders {
		t.Fatalf("%d conversions stored for %d orders", len(stored), orders)
	}
	for order, as := range answers {
		created := 0
		for _, a := range as {
			if a.c.ID != stored[order] || a.c.OrderID != order || a.c.Attribution == conversions.ByNone {
				t.Errorf("%s answered %s (%s, %s); stored %s", order, a.c.ID, a.c.OrderID, a.c.Attribution, stored[order])
			}
			if a.created {
				created++
			}
		}
		if len(as) != copies || created != 1 {
			t.Errorf("%s: %d answers, %d of them created; want %d and 1", order, len(as), created, copies)
		}
	}
	if uses := count(t, `SELECT current_usage_count FROM discount_codes WHERE id = $1`, p.code); uses != orders/2 {
		t.Errorf("the code was counted %d times for %d orders", uses, orders/2)
	}
	if logged := count(t, `SELECT count(*) FROM activity_log WHERE action = 'conversion.recorded' AND entity_id IN (SELECT id::text FROM conversions WHERE brand_id = $1)`, p.brand); logged != orders {
		t.Errorf("%d orders logged; want %d", logged, orders)
	}
}

// Orders that PostgreSQL or the rules refuse, in a group with good ones, are answered a 400 each,
// and the good ones of the same group are stored.
func TestOneBadOrderDoesNotFailItsGroup(t *testing.T) {
	p := newProgram(t, tenPercentRON)
	s := grouped(conversions.GroupOptions{Committers: 1, Wait: 100 * time.Millisecond})
	var groups atomic.Int32
	s.BeforeCommit(func(context.Context) error { groups.Add(1); return nil })
	bad := map[string]struct {
		edit  func(o *conversions.Order)
		field string
	}{
		// A NUL byte, which PostgreSQL's text cannot hold: refused before the group.
		"B-nul": {func(o *conversions.Order) { o.CustomerEmail = "a\x00b@example.com" }, "customer_email"},
		// A source the table's check constraint does not know.
		"B-source": {func(o *conversions.Order) { o.Source = "fax" }, "source"},
		// A currency the platform has no rate for: refused by the rules, in the group's transaction.
		"B-currency": {func(o *conversions.Order) { o.Currency = "XYZ"; o.DiscountCode = p.codeText }, "currency"},
	}
	var wg sync.WaitGroup
	errs := map[string]error{}
	var mu sync.Mutex
	send := func(o conversions.Order) {
		wg.Go(func() {
			_, _, err := s.Ingest(context.Background(), tenancy.Brand(uuid.Nil, p.brand), o)
			mu.Lock()
			errs[o.OrderID] = err
			mu.Unlock()
		})
	}
	for id, b := range bad {
		o := order(id)
		b.edit(&o)
		send(o)
	}
	for i := range 10 {
		o := order(fmt.Sprintf("B-good-%d", i))
		o.DiscountCode = p.codeText
		send(o)
	}
	wg.Wait()
	for id, err := range errs {
		b, isBad := bad[id]
		var apiErr *apierror.Error
		switch {
		case !isBad && err != nil:
			t.Errorf("%s: %v", id, err)
		case isBad && (!errors.As(err, &apiErr) || apiErr.Status != 400 || len(apiErr.Details) != 1 || apiErr.Details[0].Field != b.field):
			t.Errorf("%s: %v; want a 400 naming %s", id, err, b.field)
		}
	}
	if n := count(t, `SELECT count(*) FROM conversions WHERE brand_id = $1`, p.brand); n != 10 {
		t.Errorf("%d conversions stored; want the 10 good ones", n)
	}
	if uses := count(t, `SELECT current_usage_count FROM discount_codes WHERE id = $1`, p.code); uses != 10 {
		t.Errorf("the code was counted %d times; want 10", uses)
	}
	if groups.Load() != 1 {
		t.Errorf("%d groups committed; the test wants its orders in one", groups.Load())
	}
}

// No order is answered before its group has committed; a failed commit answers every order of the
// group with an error and stores none of them, and sending them again stores them.
func TestOrdersAreAnsweredOnlyAfterTheirCommit(t *testing.T) {
	p := newProgram(t, tenPercentRON)
	s := grouped(conversions.GroupOptions{Committers: 1, Wait: 50 * time.Millisecond})
	reached, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	s.BeforeCommit(func(context.Context) error {
		once.Do(func() { close(reached) })
		<-release
		return errors.New("the disk is full")
	})
	const orders = 8
	var answered atomic.Int32
	errs := make(chan error, orders)
	for i := range orders {
		o := order(fmt.Sprintf("C-%d", i))
		o.DiscountCode = p.codeText
		go func() {
			_, _, err := s.Ingest(context.Background(), tenancy.Brand(uuid.Nil, p.brand), o)
			answered.Add(1)
			errs <- err
		}()
	}
	<-reached
	time.Sleep(50 * time.Millisecond)
	if n := answered.Load(); n != 0 {
		t.Errorf("%d orders answered before their group committed", n)
	}
	close(release)
	for range orders {
		if err := <-errs; err == nil {
			t.Error("an order of a group whose commit failed was answered as stored")
		}
	}
	if n := count(t, `SELECT count(*) FROM conversions WHERE brand_id = $1`, p.brand); n != 0 {
		t.Fatalf("%d conversions stored by a failed commit", n)
	}
	s.BeforeCommit(nil)
	for i := range orders {
		o := order(fmt.Sprintf("C-%d", i))
		o.DiscountCode = p.codeText
		if _, created, err := s.Ingest(context.Background(), tenancy.Brand(uuid.Nil, p.brand), o); err != nil || !created {
			t.Fatalf("%s again: created %v, %v", o.OrderID, created, err)
		}
	}
	if uses := count(t, `SELECT current_usage_count FROM discount_codes WHERE id = $1`, p.code); uses != orders {
		t.Errorf("the code was counted %d times; want %d", uses, orders)
	}
}

// Refunds and cancellations racing their orders, which are stored in groups, end as if each had
// arrived after its order: none is lost, none applied twice, none left kept.
func TestRefundsRacingGroupedOrders(t *testing.T) {
	p := newProgram(t, tenPercentRON)
	s := grouped(conversions.GroupOptions{Committers: 2, Wait: time.Millisecond})
	sc := tenancy.Brand(uuid.Nil, p.brand)
	ctx := context.Background()
	const orders = 40
	var wg sync.WaitGroup
	for i := range orders {
		id := fmt.Sprintf("F-%d", i)
		o := order(id) // 100.00, 10.00 of commission
		o.DiscountCode = p.codeText
		refunds := []conversions.RefundArgs{{OrderID: id, Amount: dec("25.00"), Key: id + "-r1", Source: "test"}}
		switch i % 4 {
		case 1:
			refunds = append(refunds, conversions.RefundArgs{OrderID: id, Amount: dec("25.00"), Key: id + "-r2", Source: "test"})
		case 2:
			refunds = append(refunds, conversions.RefundArgs{OrderID: id, Cancelled: true, Key: id + "-c", Source: "test"})
		}
		wg.Go(func() {
			if _, _, err := s.Ingest(ctx, sc, o); err != nil {
				t.Errorf("%s: %v", id, err)
			}
		})
		for _, r := range refunds {
			wg.Go(func() {
				err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
					_, err := s.Refund(ctx, tx, sc, r)
					return err
				})
				if err != nil {
					t.Errorf("%s: %v", r.Key, err)
				}
			})
		}
	}
	wg.Wait()
	rows, err := pool.Query(ctx, `SELECT order_id, refunded_amount::text, commission_amount::text, status FROM conversions WHERE brand_id = $1`, p.brand)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for rows.Next() {
		var id, refunded, commission, status string
		if err := rows.Scan(&id, &refunded, &commission, &status); err != nil {
			t.Fatal(err)
		}
		seen++
		var i int
		_, _ = fmt.Sscanf(id, "F-%d", &i)
		want := [3]string{"25.00", "7.50", conversions.StatusPending}
		switch i % 4 {
		case 1:
			want = [3]string{"50.00", "5.00", conversions.StatusPending}
		case 2:
			want = [3]string{"100.00", "0.00", conversions.StatusReversed}
		}
		if got := [3]string{refunded, commission, status}; got != want {
			t.Errorf("%s ended refunded %s, commission %s, %s; want %v", id, refunded, commission, status, want)
		}
	}
	if seen != orders {
		t.Errorf("%d conversions for %d orders", seen, orders)
	}
	if kept := count(t, `SELECT count(*) FROM early_refunds WHERE brand_id = $1`, p.brand); kept != 0 {
		t.Errorf("%d refunds left kept after their orders were stored", kept)
	}
}

// Orders with one code in one group still see each other's uses: with a limit of 3, exactly 3 of
// 10 orders sent at once go unflagged, and the code counts all 10.
func TestGroupedOrdersCountACodesLimitExactly(t *testing.T) {
	p := newProgram(t, tenPercentRON)
	exec(t, `UPDATE discount_codes SET usage_limit = 3 WHERE id = $1`, p.code)
	s := grouped(conversions.GroupOptions{Committers: 2, Wait: 50 * time.Millisecond})
	var groups atomic.Int32
	s.BeforeCommit(func(context.Context) error { groups.Add(1); return nil })
	var wg sync.WaitGroup
	for i := range 10 {
		o := order(fmt.Sprintf("L-%d", i))
		o.DiscountCode = p.codeText
		o.CustomerEmail = fmt.Sprintf("buyer-%d@example.com", i)
		wg.Go(func() {
			if _, _, err := s.Ingest(context.Background(), tenancy.Brand(uuid.Nil, p.brand), o); err != nil {
				t.Errorf("%s: %v", o.OrderID, err)
			}
		})
	}
	wg.Wait()
	if n := count(t, `SELECT count(*) FROM conversions WHERE brand_id = $1 AND flag_reason = ''`, p.brand); n != 3 {
		t.Errorf("%d orders within the code's limit of 3", n)
	}
	if n := count(t, `SELECT count(*) FROM conversions WHERE brand_id = $1 AND flag_reason = 'code_limit'`, p.brand); n != 7 {
		t.Errorf("%d orders flagged over the code's limit; want 7", n)
	}
	if uses := count(t, `SELECT current_usage_count FROM discount_codes WHERE id = $1`, p.code); uses != 10 {
		t.Errorf("the code was counted %d times; want 10", uses)
	}
	if groups.Load() > 2 {
		t.Errorf("%d groups; the test wants its orders together", groups.Load())
	}
}

// A record that panics fails its own order; the server goes on and the other orders of its group
// are stored.
func TestAPanickingOrderFailsAlone(t *testing.T) {
	p := newProgram(t, tenPercentRON)
	s := grouped(conversions.GroupOptions{Committers: 1, Wait: 50 * time.Millisecond})
	var wg sync.WaitGroup
	for i := range 5 {
		wg.Go(func() {
			if _, created, err := s.Ingest(context.Background(), tenancy.Brand(uuid.Nil, p.brand), order(fmt.Sprintf("P-%d", i))); err != nil || !created {
				t.Errorf("P-%d: created %v, %v", i, created, err)
			}
		})
	}
	wg.Go(func() {
		_, _, err := s.StoreWith(context.Background(), p.brand, "P-panic", func(db queries.DBTX) (conversions.Conversion, bool, error) {
			var one int
			if err := db.QueryRow(context.Background(), "SELECT 1").Scan(&one); err != nil {
				return conversions.Conversion{}, false, err
			}
			panic("a bug in a record")
		})
		if err == nil {
			t.Error("a panicking record was answered as stored")
		}
	})
	wg.Wait()
	if n := count(t, `SELECT count(*) FROM conversions WHERE brand_id = $1`, p.brand); n != 5 {
		t.Errorf("%d conversions; want the 5 good ones", n)
	}
}

// A copy that arrives after its order was stored (by an earlier group or another server) is
// answered with the stored conversion by the group's read of the orders already stored, before
// any rule reads it: even with a currency the platform has no rate for, and without taking the
// code's lock or counting its use again. Several such copies in one group are each answered.
func TestLateCopiesAreAnsweredFromTheStoredOrders(t *testing.T) {
	p := newProgram(t, tenPercentRON)
	first := service()
	stored := map[string]conversions.Conversion{}
	for i := range 3 {
		o := order(fmt.Sprintf("L-%d", i))
		o.DiscountCode = p.codeText
		c, created, err := first.Ingest(context.Background(), tenancy.Brand(uuid.Nil, p.brand), o)
		if err != nil || !created {
			t.Fatalf("%s: created %v, %v", o.OrderID, created, err)
		}
		stored[o.OrderID] = c
	}
	s := grouped(conversions.GroupOptions{Committers: 1, Wait: 100 * time.Millisecond})
	var groups atomic.Int32
	s.BeforeCommit(func(context.Context) error { groups.Add(1); return nil })
	var wg sync.WaitGroup
	for id, want := range stored {
		wg.Go(func() {
			o := order(id)
			o.DiscountCode, o.Currency = p.codeText, "XYZ"
			c, created, err := s.Ingest(context.Background(), tenancy.Brand(uuid.Nil, p.brand), o)
			if err != nil || created || c.ID != want.ID || c.Currency != "RON" || c.CampaignName != want.CampaignName {
				t.Errorf("%s: %+v created %v, %v; want the stored conversion %s", id, c, created, err, want.ID)
			}
		})
	}
	wg.Wait()
	if uses := count(t, `SELECT current_usage_count FROM discount_codes WHERE id = $1`, p.code); uses != 3 {
		t.Errorf("the code was counted %d times; want 3", uses)
	}
	if groups.Load() != 1 {
		t.Errorf("%d groups committed; the test wants its copies in one", groups.Load())
	}
}

// The committers follow the cores Go uses (one per 2, at least 2) unless set.
func TestCommittersFollowTheCores(t *testing.T) {
	for procs, want := range map[int]int{1: 2, 2: 2, 5: 2, 8: 4, 16: 8} {
		if got := conversions.CommittersFor(procs); got != want {
			t.Errorf("%d cores: %d committers; want %d", procs, got, want)
		}
	}
	if got, want := (conversions.GroupOptions{}).WithDefaults().Committers, conversions.CommittersFor(runtime.GOMAXPROCS(0)); got != want {
		t.Errorf("unset: %d committers; want %d for GOMAXPROCS", got, want)
	}
	if got := (conversions.GroupOptions{Committers: 3}).WithDefaults().Committers; got != 3 {
		t.Errorf("3 committers set: %d", got)
	}
}
