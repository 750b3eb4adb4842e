package daterange

import (
	"testing"
	"time"
)

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		panic(err)
	}
	return t
}

func day(s string) time.Time { return at(s + "T00:00:00Z") }

func fixed(now string) Calendar { return New(func() time.Time { return at(now) }) }

// The presets are calendar days in UTC, today included, whatever the clock's zone and hour: just
// before and just after midnight UTC give different days.
func TestPresetIsUTCDaysAtDayBoundaries(t *testing.T) {
	for _, tc := range []struct {
		now, preset, first, last string
	}{
		{"2026-03-31T23:59:59.999Z", "30d", "2026-03-02", "2026-03-31"},
		{"2026-04-01T00:00:00Z", "30d", "2026-03-03", "2026-04-01"},
		// 01:30 in Bucharest is still the previous UTC day.
		{"2026-04-01T01:30:00+03:00", "7d", "2026-03-25", "2026-03-31"},
		{"2026-04-01T00:00:00Z", "7d", "2026-03-26", "2026-04-01"},
		{"2028-03-01T12:00:00Z", "365d", "2027-03-03", "2028-03-01"},
		{"2026-04-01T12:00:00Z", "", "2026-03-03", "2026-04-01"},
	} {
		r := fixed(tc.now).Preset(tc.preset)
		if !r.First.Equal(day(tc.first)) || !r.Last.Equal(day(tc.last)) {
			t.Errorf("at %s, %q = %s..%s; want %s..%s", tc.now, tc.preset,
				r.First.Format(time.DateOnly), r.Last.Format(time.DateOnly), tc.first, tc.last)
		}
	}
}

// The conversions list's preset is the analytics' days: it starts at midnight UTC of the first
// day, not at the same time of day n days ago (it once was now minus 30 days, which disagreed with
// the dashboards' 30 days by up to a day's orders).
func TestListPresetStartsAtMidnightUTCLikeTheAnalytics(t *testing.T) {
	c := fixed("2026-04-01T18:45:00Z")
	since, before, err := c.Window("30d", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if before != nil {
		t.Errorf("before = %s; want open", before)
	}
	if want := c.Preset("30d").Since(); since == nil || !since.Equal(want) || !since.Equal(day("2026-03-03")) {
		t.Errorf("since = %v; want %s, the analytics' first day", since, want)
	}
}

func TestWindowFromToAreWholeDays(t *testing.T) {
	c := fixed("2026-04-01T18:45:00Z")
	from, to := at("2026-02-01T00:00:00Z"), at("2026-02-28T00:00:00Z")
	since, before, err := c.Window("7d", &from, &to)
	if err != nil {
		t.Fatal(err)
	}
	if !since.Equal(day("2026-02-01")) || !before.Equal(day("2026-03-01")) {
		t.Errorf("window = %s..%s; want 2026-02-01..2026-03-01", since, before)
	}
	// A preset with only to keeps the preset's start: here after the end.
	if _, _, err := c.Window("7d", nil, &to); err == nil {
		t.Error("a window ending before its start is accepted")
	}
	if since, before, err := c.Window("", nil, nil); since != nil || before != nil || err != nil {
		t.Errorf("no parameters = %v, %v, %v; want an open window", since, before, err)
	}
}

func TestOfFromTo(t *testing.T) {
	c := fixed("2026-04-01T00:00:00Z")
	to := at("2026-01-31T00:00:00Z")
	r, err := c.Of("7d", nil, &to)
	if err != nil || !r.First.Equal(day("2026-01-02")) || !r.Last.Equal(to) {
		t.Errorf("to alone = %+v, %v; want the 30 days ending on it", r, err)
	}
	from := at("2026-03-20T00:00:00Z")
	if r, err = c.Of("", &from, nil); err != nil || !r.First.Equal(from) || !r.Last.Equal(day("2026-04-01")) || r.Days() != 13 {
		t.Errorf("from alone = %+v, %v; want from to today", r, err)
	}
	if !r.Before().Equal(day("2026-04-02")) {
		t.Errorf("before = %s; want the day after the last", r.Before())
	}
	long := at("2025-03-31T00:00:00Z")
	if _, err := c.Of("", &long, nil); err == nil {
		t.Error("a range of 367 days is accepted")
	}
	if _, err := c.Of("", &from, &to); err == nil {
		t.Error("a range ending before its start is accepted")
	}
}
