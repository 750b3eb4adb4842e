package change

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
)

type recorder []Event

func (r *recorder) Invalidate(_ context.Context, e Event) { *r = append(*r, e) }

// Every subscriber of a database's bus hears every event, whichever service published it.
func TestEverySubscriberHearsEveryEvent(t *testing.T) {
	pool := &pgxpool.Pool{}
	var a, b recorder
	Of(pool).Subscribe(&a)
	Of(pool).Subscribe(&b)
	Of(pool).Publish(context.Background(), Event{Kind: Link, Code: "Abcdefg1"})
	Of(pool).Publish(context.Background(), Event{Kind: Rates})
	for _, r := range []recorder{a, b} {
		if len(r) != 2 || r[0] != (Event{Kind: Link, Code: "Abcdefg1"}) || r[1].Kind != Rates {
			t.Errorf("heard %+v", r)
		}
	}
	var other recorder
	Of(&pgxpool.Pool{}).Subscribe(&other)
	Of(pool).Publish(context.Background(), Event{Kind: Campaigns})
	if len(other) != 0 {
		t.Errorf("another database's cache heard %+v", other)
	}
}
