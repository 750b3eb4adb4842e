// Package catalogue is brands, their domains and API keys, affiliates, campaigns and the
// applications that join them, with each caller's tenancy enforced on every query.
package catalogue

import (
	"math"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/gen/queries"
)

// Service runs catalogue operations on one database.
type Service struct {
	pool      *pgxpool.Pool
	q         *queries.Queries
	now       func() time.Time
	publicURL string

	// OnCampaignChange runs after a campaign or an affiliate's membership of it changes or goes,
	// so caches of campaign state refresh.
	OnCampaignChange func()
}

func (s *Service) campaignChanged() {
	if s.OnCampaignChange != nil {
		s.OnCampaignChange()
	}
}

// New makes the service; publicURL is the base of tracking and webhook addresses.
func New(pool *pgxpool.Pool, now func() time.Time, publicURL string) *Service {
	return &Service{pool: pool, q: queries.New(), now: now, publicURL: publicURL}
}

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

func nonEmpty(s string) *string {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	return &s
}
