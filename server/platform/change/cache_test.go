package change_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/openaffiliate/platform/server/platform/change"
)

// A kept value is read once within its time; an event of the cache's kind forgets it (another kind
// does not), an error is not kept, and a value read while the cache was emptied is not kept.
func TestCacheKeepsAndForgets(t *testing.T) {
	ctx := context.Background()
	c := change.NewCache[string, int](change.Credentials, time.Hour, 10)
	reads := 0
	read := func() (int, error) { reads++; return reads, nil }
	get := func() int {
		t.Helper()
		v, err := c.Get("k", read)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	first, second := get(), get()
	if first != 1 || second != 1 {
		t.Fatalf("read %d times; want once", reads)
	}
	c.Invalidate(ctx, change.Event{Kind: change.Rates})
	if get() != 1 {
		t.Fatal("another kind of change forgot the value")
	}
	c.Invalidate(ctx, change.Event{Kind: change.Credentials})
	if get() != 2 {
		t.Fatal("the change did not forget the value")
	}
	c.Update("k", func(v *int) { *v = 20 })
	if get() != 20 {
		t.Fatal("the update was not kept")
	}

	if _, err := c.Get("bad", func() (int, error) { return 0, errors.New("no") }); err == nil {
		t.Fatal("the error was not answered")
	}
	if v, _ := c.Get("bad", func() (int, error) { return 7, nil }); v != 7 {
		t.Fatal("an error was kept")
	}

	// The change commits while a read is on its way: what it read is answered, not kept.
	v, _ := c.Get("racing", func() (int, error) { c.Invalidate(ctx, change.Event{Kind: change.Credentials}); return 1, nil })
	if v != 1 {
		t.Fatalf("answered %d", v)
	}
	if v, _ := c.Get("racing", func() (int, error) { return 2, nil }); v != 2 {
		t.Fatal("a value read while the cache was emptied was kept")
	}

	short := change.NewCache[string, int](change.Credentials, time.Nanosecond, 10)
	_, _ = short.Get("k", read)
	time.Sleep(time.Millisecond)
	if v, _ := short.Get("k", func() (int, error) { return -1, nil }); v != -1 {
		t.Fatal("a value was kept past its time")
	}
}
