package conversions_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/uuid"
)

// A stored order is logged through server/domain/activity, the log's one writer (RecordConversion once
// wrote its own entries): the recorded entry is its brand's and affiliate's, and the entry telling
// the host that another brand holds the order id is no tenant's, so no brand reads the other's id.
func TestIngestLogsThroughActivityWithItsTenant(t *testing.T) {
	p, q := newProgram(t, tenPercentRON), newProgram(t, tenPercentRON)
	orderID := "shared-" + uuid.NewString()[:8]
	o := order(orderID)
	o.DiscountCode = p.codeText
	first := ingest(t, p.brand, o)
	o = order(orderID)
	o.Total = dec("250.00")
	second := ingest(t, q.brand, o)

	type entry struct {
		brand, affiliate *uuid.UUID
		details          map[string]any
	}
	read := func(action string, id uuid.UUID) []entry {
		t.Helper()
		rows, err := pool.Query(context.Background(),
			`SELECT brand_id, affiliate_id, details FROM activity_log WHERE action = $1 AND entity_id = $2`, action, id.String())
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []entry
		for rows.Next() {
			var e entry
			var raw []byte
			if err := rows.Scan(&e.brand, &e.affiliate, &raw); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(raw, &e.details); err != nil {
				t.Fatal(err)
			}
			out = append(out, e)
		}
		return out
	}

	rec := read("conversion.recorded", first.ID)
	if len(rec) != 1 || rec[0].brand == nil || *rec[0].brand != p.brand || rec[0].affiliate == nil || *rec[0].affiliate != p.affiliate {
		t.Fatalf("recorded entries %+v; want one of brand %s and affiliate %s", rec, p.brand, p.affiliate)
	}
	if d := rec[0].details; d["status"] != "pending" || d["attribution"] != "discount_code" || d["commission"] != "10.00" || d["order_id"] != orderID {
		t.Errorf("recorded details %v", d)
	}
	if shared := read("conversion.order_id_shared", first.ID); len(shared) != 0 {
		t.Errorf("the first copy of an order id is shared: %+v", shared)
	}
	shared := read("conversion.order_id_shared", second.ID)
	if len(shared) != 1 || shared[0].brand != nil || shared[0].affiliate != nil {
		t.Fatalf("shared entries %+v; want one, no tenant's", shared)
	}
	if d := shared[0].details; d["order_total"] != 250.0 || len(d["other_brand_ids"].([]any)) != 1 || d["other_brand_ids"].([]any)[0] != p.brand.String() {
		t.Errorf("shared details %v", d)
	}
}
