// Package daterange is the one meaning of a date range: whole UTC days, both ends included, counted
// back from today on the injected clock (docs/analytics.md, openapi.yaml's RangePreset). The
// lists, the analytics and the reports all choose their days here.
package daterange

import (
	"time"

	"github.com/openaffiliate/platform/server/platform/apierror"
)

// Range is a span of UTC days, both ends included.
type Range struct{ First, Last time.Time }

// Days is how many days the range holds.
func (r Range) Days() int { return int(r.Last.Sub(r.First).Hours()/24) + 1 }

// Since is the range's first instant.
func (r Range) Since() time.Time { return r.First }

// Before is the instant just after the range: the start of the day after its last.
func (r Range) Before() time.Time { return r.Last.AddDate(0, 0, 1) }

// Day is t's UTC date at midnight.
func Day(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// MaxDays bounds a from/to range: a year, leap day included.
const MaxDays = 366

// DefaultPreset is the range when a request names none.
const DefaultPreset = "30d"

// presetDays are the contract's presets: the last n UTC days, today included.
var presetDays = map[string]int{"7d": 7, "30d": 30, "90d": 90, "365d": 365}

// Calendar reads ranges on one clock.
type Calendar struct{ now func() time.Time }

// New makes a calendar on the clock now (time.Now when nil).
func New(now func() time.Time) Calendar { return Calendar{now: now} }

// Today is the clock's UTC day.
func (c Calendar) Today() time.Time {
	if c.now == nil {
		return Day(time.Now())
	}
	return Day(c.now())
}

// Last is the range of the n days that end today.
func (c Calendar) Last(n int) Range {
	today := c.Today()
	return Range{First: today.AddDate(0, 0, -(n - 1)), Last: today}
}

// Preset is the range a preset names ("" or one the contract does not list is the default, 30d).
func (c Calendar) Preset(preset string) Range {
	n, ok := presetDays[preset]
	if !ok {
		n = presetDays[DefaultPreset]
	}
	return c.Last(n)
}

// Of is the range of a request's preset or from/to days, as the analytics and the reports read
// them: from/to replace the preset; a missing from starts 29 days before to, a missing to is today.
func (c Calendar) Of(preset string, from, to *time.Time) (Range, error) {
	if from == nil && to == nil {
		return c.Preset(preset), nil
	}
	r := Range{Last: c.Today()}
	if to != nil {
		r.Last = Day(*to)
	}
	r.First = r.Last.AddDate(0, 0, -29)
	if from != nil {
		r.First = Day(*from)
	}
	if r.First.After(r.Last) {
		return Range{}, endBeforeStart()
	}
	if r.Days() > MaxDays {
		return Range{}, apierror.Invalid("from", "maximum", "A range is at most 366 days")
	}
	return r, nil
}

// Window is the instants a list keeps, as the lists read a range: Since inclusive, Before
// exclusive, either nil when that end is open. A preset starts at the first of its days (the
// same days as the analytics'); from and to replace its ends, and either may be absent.
func (c Calendar) Window(preset string, from, to *time.Time) (since, before *time.Time, err error) {
	if preset != "" {
		first := c.Preset(preset).Since()
		since = &first
	}
	if from != nil {
		first := Day(*from)
		since = &first
	}
	if to != nil {
		end := Range{Last: Day(*to)}.Before()
		before = &end
	}
	if since != nil && before != nil && !since.Before(*before) {
		return nil, nil, endBeforeStart()
	}
	return since, before, nil
}

func endBeforeStart() error {
	return apierror.Invalid("to", "minimum", "The end of the range is before its start")
}
