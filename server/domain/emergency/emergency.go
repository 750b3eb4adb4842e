// Package emergency holds the host's emergency switches: payouts frozen, order ingestion paused,
// maintenance (changes refused), and the pause of every campaign. The switches live in the
// database, so every server process follows them; each process reads them at most every 2 seconds.
// The domain services that do the work (ingesting orders, generating and paying payouts,
// activating campaigns) check them themselves, so every caller obeys them: the API, the dev seed
// and any job.
package emergency

import (
	"context"
	"net/http"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/activity"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/change"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// RetryAfter is how long a refused shop or client is asked to wait, in seconds.
const RetryAfter = 300

// cacheTTL is how long a process keeps the switches between reads.
const cacheTTL = 2 * time.Second

// State is the switches and how many campaigns the emergency pause holds.
type State struct {
	PayoutsFrozen   bool
	IngestionPaused bool
	Maintenance     bool
	UpdatedAt       time.Time
	CampaignsPaused int32
}

func stateOf(r queries.GetPlatformStateRow) State {
	return State{
		PayoutsFrozen: r.PayoutsFrozen, IngestionPaused: r.IngestionPaused, Maintenance: r.Maintenance,
		UpdatedAt: r.UpdatedAt, CampaignsPaused: r.CampaignsPaused,
	}
}

// Changes are the switches to flip; nil leaves one as it is.
type Changes struct {
	PayoutsFrozen, IngestionPaused, Maintenance *bool
}

// Service reads and flips the switches.
type Service struct {
	pool *pgxpool.Pool
	q    *queries.Queries
	// changes tells the caches of campaign state (the redirect's) that campaigns were paused or resumed.
	changes *change.Bus

	mu     sync.Mutex
	cached *State
	at     time.Time
}

var (
	perPoolMu sync.Mutex
	perPool   = map[*pgxpool.Pool]*Service{}
)

// New answers the service of a database: one per pool, shared by every service that checks the
// switches, so a flip is seen by all of them at once rather than after another's cache expires.
func New(pool *pgxpool.Pool) *Service {
	perPoolMu.Lock()
	defer perPoolMu.Unlock()
	if s, ok := perPool[pool]; ok {
		return s
	}
	s := &Service{pool: pool, q: queries.New(), changes: change.Of(pool)}
	perPool[pool] = s
	return s
}

// State answers the switches, read at most every 2 seconds.
func (s *Service) State(ctx context.Context) (State, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cached != nil && time.Since(s.at) < cacheTTL {
		return *s.cached, nil
	}
	row, err := s.q.GetPlatformState(ctx, s.pool)
	if err != nil {
		return State{}, err
	}
	st := stateOf(row)
	s.cached, s.at = &st, time.Now()
	return st, nil
}

// Current reads the switches and the count afresh (the host's own view), and keeps them for the checks.
func (s *Service) Current(ctx context.Context, h tenancy.HostScope) (State, error) {
	if err := h.Check(); err != nil {
		return State{}, err
	}
	s.forget()
	return s.State(ctx)
}

func (s *Service) forget() {
	s.mu.Lock()
	s.cached = nil
	s.mu.Unlock()
}

// Set flips switches (host) and logs the change.
func (s *Service) Set(ctx context.Context, h tenancy.HostScope, c Changes) (State, error) {
	if err := h.Check(); err != nil {
		return State{}, err
	}
	actor := h.Actor()
	err := dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.q.SetPlatformState(ctx, tx, queries.SetPlatformStateParams{
			PayoutsFrozen: c.PayoutsFrozen, IngestionPaused: c.IngestionPaused, Maintenance: c.Maintenance,
			UpdatedBy: uuid.NullUUID{UUID: actor, Valid: actor != uuid.Nil},
		}); err != nil {
			return err
		}
		details := map[string]any{}
		for name, v := range map[string]*bool{"payouts_frozen": c.PayoutsFrozen, "ingestion_paused": c.IngestionPaused, "maintenance": c.Maintenance} {
			if v != nil {
				details[name] = *v
			}
		}
		return activity.Log(ctx, tx, actor, activity.EmergencySet, "emergency", details)
	})
	s.forget()
	if err != nil {
		return State{}, err
	}
	return s.State(ctx)
}

// Campaigns pauses every active campaign (pause true), remembering which, or resumes exactly
// those (a campaign its brand paused itself stays paused). Logged.
func (s *Service) Campaigns(ctx context.Context, h tenancy.HostScope, pause bool) (State, error) {
	if err := h.Check(); err != nil {
		return State{}, err
	}
	err := dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// Waits for campaigns being activated right now (CheckActivation), and holds new ones off.
		if err := s.q.LockPlatformState(ctx, tx); err != nil {
			return err
		}
		var n int64
		var err error
		action := activity.CampaignsPaused
		if pause {
			n, err = s.q.EmergencyPauseCampaigns(ctx, tx)
		} else {
			action = activity.CampaignsResumed
			if n, err = s.q.EmergencyResumeCampaigns(ctx, tx); err == nil {
				err = s.q.ClearEmergencyPause(ctx, tx)
			}
		}
		if err != nil {
			return err
		}
		return activity.Log(ctx, tx, h.Actor(), action, "emergency", map[string]any{"campaigns": n})
	})
	s.forget()
	if err != nil {
		return State{}, err
	}
	s.changes.Publish(ctx, change.Event{Kind: change.Campaigns})
	return s.State(ctx)
}

func refused(status int, code oapi.ErrorCode, message string, retry int) error {
	return &apierror.Error{Status: status, Code: code, Message: message, RetryAfter: retry}
}

func maintenance() error {
	return refused(http.StatusServiceUnavailable, oapi.ErrorCodeMAINTENANCE, "The platform is in maintenance: changes are refused for now, try again later", RetryAfter)
}

// CheckIngestion refuses an order (or a shop's refund or cancellation) while the host has
// ingestion paused or the platform in maintenance.
func (s *Service) CheckIngestion(ctx context.Context) error {
	st, err := s.State(ctx)
	if err != nil {
		return err
	}
	if st.Maintenance {
		return maintenance()
	}
	if st.IngestionPaused {
		return refused(http.StatusServiceUnavailable, oapi.ErrorCodeINGESTIONPAUSED,
			"Order ingestion is paused by the platform: nothing was stored, send the order again later", RetryAfter)
	}
	return nil
}

// CheckPayouts refuses creating or paying a payout while the host has payouts frozen or the
// platform in maintenance.
func (s *Service) CheckPayouts(ctx context.Context) error {
	st, err := s.State(ctx)
	if err != nil {
		return err
	}
	if st.Maintenance {
		return maintenance()
	}
	if st.PayoutsFrozen {
		return refused(http.StatusConflict, oapi.ErrorCodePAYOUTSFROZEN, "Payouts are frozen by the platform: none is created or paid until they are unfrozen", 0)
	}
	return nil
}

// CheckChange refuses a change while the platform is in maintenance.
func (s *Service) CheckChange(ctx context.Context) error {
	st, err := s.State(ctx)
	if err != nil {
		return err
	}
	if st.Maintenance {
		return maintenance()
	}
	return nil
}

// CheckActivation refuses, inside the transaction that sets a campaign active, while the host's
// pause holds campaigns (409 CAMPAIGNS_PAUSED) or the platform is in maintenance. It reads the
// database rather than the cache, under a lock that a pause or resume running at the same time
// waits for (or that waits for it), so no campaign becomes active behind the pause.
func CheckActivation(ctx context.Context, tx pgx.Tx) error {
	st, err := queries.New().ActivationState(ctx, tx)
	if err != nil {
		return err
	}
	if st.Maintenance {
		return maintenance()
	}
	if st.CampaignsPaused {
		return &apierror.Error{Status: http.StatusConflict, Code: oapi.ErrorCodeCAMPAIGNSPAUSED,
			Message: "The platform has paused every campaign: none is set active until the host resumes them",
			Details: []apierror.Detail{{Field: "status", Message: "No campaign is set active while the platform's pause holds"}}}
	}
	return nil
}
