// Package paging is the window every list is read through: a search, its bounds and its order.
package paging

import (
	"math"
	"strings"
)

// Page is a window on a list: what it searches for, its bounds and its order.
type Page struct {
	Query  string
	Limit  int
	Offset int
	// Sort names the column a list orders by ("" is its default, the creation time); Ascending
	// flips the order, newest first by default.
	Sort      string
	Ascending bool
}

// DefaultLimit and MaxLimit bound list pages.
const (
	DefaultLimit = 100
	MaxLimit     = 1000
)

// Bounds are the page's limit (default 100, at most 1000) and offset.
func (p Page) Bounds() (limit, offset int32) {
	l := p.Limit
	if l <= 0 {
		l = DefaultLimit
	}
	// The offset is clamped before narrowing: past int32 it would wrap negative and fail the query.
	return int32(min(l, MaxLimit)), int32(min(max(p.Offset, 0), math.MaxInt32))
}

// Fetch runs a page query and reads the total its rows carry (a window count). Past the end no
// row carries it, so the same query is asked for its first row to learn the total.
func Fetch[R any](p Page, query func(limit, offset int32) ([]R, error), total func(R) int64) ([]R, int, error) {
	limit, offset := p.Bounds()
	rows, err := query(limit, offset)
	if err != nil {
		return nil, 0, err
	}
	if len(rows) > 0 {
		return rows, int(total(rows[0])), nil
	}
	if offset == 0 {
		return rows, 0, nil
	}
	first, err := query(1, 0)
	if err != nil || len(first) == 0 {
		return rows, 0, err
	}
	return rows, int(total(first[0])), nil
}

// Pattern is an ILIKE pattern matching the query anywhere, with its own wildcards escaped.
func (p Page) Pattern() string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(strings.TrimSpace(p.Query)) + "%"
}
