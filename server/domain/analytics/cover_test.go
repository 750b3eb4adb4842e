package analytics

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/openaffiliate/platform/server/platform/daterange"
)

// TestCoverCountsEveryDayOnce: for ranges of every length and position around month ends, leap
// days and years, and today before, inside and after them, the months and days a cover reads
// count each day of the range once and no other day at all.
func TestCoverCountsEveryDayOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 17)) //nolint:gosec // G404: random ranges, not secrecy
	start := time.Date(2023, 11, 1, 0, 0, 0, 0, time.UTC)
	for i := 0; i < 20000; i++ {
		first := start.AddDate(0, 0, rng.IntN(600))
		r := daterange.Range{First: first, Last: first.AddDate(0, 0, rng.IntN(400))}
		today := r.Last.AddDate(0, 0, rng.IntN(80)-60)
		c := coverOf(r, today)
		counted := map[time.Time]int{}
		for m := c.FirstMonth; !m.After(c.LastMonth); m = m.AddDate(0, 1, 0) {
			if m.Day() != 1 {
				t.Fatalf("%v: month %v", r, m)
			}
			for day := m; day.Month() == m.Month(); day = day.AddDate(0, 0, 1) {
				counted[day]++
			}
		}
		for _, day := range c.AddedDays {
			counted[day]++
		}
		for _, day := range c.RemovedDays {
			counted[day]--
		}
		for day := month(r.First).AddDate(0, -1, 0); day.Before(month(r.Last).AddDate(0, 2, 0)); day = day.AddDate(0, 0, 1) {
			want := 0
			if !day.Before(r.First) && !day.After(r.Last) {
				want = 1
			}
			if counted[day] != want {
				t.Fatalf("%v, today %v: %v counted %d times (cover %+v)", r, today, day, counted[day], c)
			}
		}
	}
}

// TestCoverReadsFewDays: whole months are read as months; a month at an end is read as its days
// or as the month less the others, whichever is fewer days up to today.
func TestCoverReadsFewDays(t *testing.T) {
	day := func(s string) time.Time {
		d, err := time.Parse(time.DateOnly, s)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	today := day("2026-11-25")
	for _, tc := range []struct {
		first, last           string
		firstMonth, lastMonth string
		added, removed        int
	}{
		// The last 30 days: five days of October, November less the days after today.
		{"2026-10-27", "2026-11-25", "2026-11-01", "2026-11-01", 5, 5},
		// The last 365 days: five days of November 2025, then whole months.
		{"2025-11-26", "2026-11-25", "2025-12-01", "2026-11-01", 5, 5},
		// Whole months only.
		{"2026-01-01", "2026-03-31", "2026-01-01", "2026-03-01", 0, 0},
		// Inside one month: its days when they are fewer than the others.
		{"2026-06-10", "2026-06-14", "2026-07-01", "2026-06-01", 5, 0},
		// ... and the month less the others when those are fewer.
		{"2026-06-03", "2026-06-27", "2026-06-01", "2026-06-01", 0, 5},
	} {
		c := coverOf(daterange.Range{First: day(tc.first), Last: day(tc.last)}, today)
		if !c.FirstMonth.Equal(day(tc.firstMonth)) || !c.LastMonth.Equal(day(tc.lastMonth)) ||
			len(c.AddedDays) != tc.added || len(c.RemovedDays) != tc.removed {
			t.Errorf("%s to %s: %+v", tc.first, tc.last, c)
		}
	}
}
