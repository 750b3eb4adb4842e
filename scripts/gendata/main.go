// Command gendata fills an empty, migrated database (DATABASE_URL) with a realistic affiliate
// program for benchmarks (scripts/bench-analytics.sh): brands of very different sizes, their
// campaigns in RON, EUR and USD, affiliates with a long tail of popularity, memberships, tracking
// links, discount codes, -clicks clicks over the 365 days before -end (growth over the year, a
// weekly and daily rhythm, Black Friday and December peaks, repeat visitors, 3% bots), and about
// -conversion-rate of them as orders: most attributed to a click, some to a discount code, a few
// to nobody, with their statuses by age, some refunds, payouts of the paid ones and the activity
// log the product would have written.
//
// Everything comes from one random source seeded by -seed, so a seed, a size and an end date give
// the same rows (ids included) every time. Exchange rates are the ones the migrated database stores,
// and each order's rate and commission come from the server's own code (server/domain/conversions), in
// exact decimals. Rows go in with COPY; the rollup triggers are turned off while they do and the
// rollups (daily_stats, monthly_stats, review_counts) are then rebuilt from the raw rows with
// set-based statements that sum what the server writes row by row (rollups.go), and the
// clicks' secondary indexes are dropped during the load and created again after it with their
// exact definitions. Every user's password is -password.
package main

import (
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"time"

	"github.com/google/uuid"
	pgxdecimal "github.com/jackc/pgx-shopspring-decimal"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/shopspring/decimal"
	"golang.org/x/crypto/argon2"

	"github.com/openaffiliate/platform/server/domain/conversions"
	"github.com/openaffiliate/platform/server/domain/currency"
)

type options struct {
	clicks         int
	brands         int
	affiliates     int
	conversionRate float64
	seed           uint64
	end            time.Time
	password       string
}

func main() {
	var o options
	var end string
	flag.IntVar(&o.clicks, "clicks", 10_000_000, "clicks to generate over the 365 days before -end")
	flag.IntVar(&o.brands, "brands", 50, "brands")
	flag.IntVar(&o.affiliates, "affiliates", 5000, "affiliates")
	flag.Float64Var(&o.conversionRate, "conversion-rate", 0.05, "orders per click (most attributed to a click, some to a code, a few to nobody)")
	flag.Uint64Var(&o.seed, "seed", 1, "random seed: the same seed, sizes and end give the same rows")
	flag.StringVar(&end, "end", "", "the day after the last day of data, YYYY-MM-DD (default: today, UTC)")
	flag.StringVar(&o.password, "password", "bench-password", "every generated user's password")
	flag.Parse()
	o.end = time.Now().UTC().Truncate(24 * time.Hour)
	if end != "" {
		t, err := time.Parse(time.DateOnly, end)
		if err != nil {
			log.Fatalf("gendata: -end: %v", err)
		}
		o.end = t
	}
	if o.clicks < 0 || o.brands < 1 || o.affiliates < 1 || o.conversionRate < 0 || o.conversionRate > 0.5 {
		log.Fatal("gendata: -clicks >= 0, -brands >= 1, -affiliates >= 1 and 0 <= -conversion-rate <= 0.5")
	}
	url := os.Getenv("DATABASE_URL")
	if url == "" {
		log.Fatal("gendata: DATABASE_URL is not set")
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		log.Fatalf("gendata: %v", err)
	}
	defer func() { _ = conn.Close(ctx) }()
	pgxdecimal.Register(conn.TypeMap()) // exact amounts and rates, as the server's pool has them
	if err := run(ctx, conn, o); err != nil {
		log.Fatalf("gendata: %v", err)
	}
}

// step logs how long each part took.
type step struct{ start, last time.Time }

func (s *step) done(what string, args ...any) {
	now := time.Now()
	fmt.Fprintf(os.Stderr, "%s %-56s %6.1fs (total %6.1fs)\n", now.Format(time.TimeOnly), fmt.Sprintf(what, args...),
		now.Sub(s.last).Seconds(), now.Sub(s.start).Seconds())
	s.last = now
}

func run(ctx context.Context, conn *pgx.Conn, o options) error {
	var n int
	if err := conn.QueryRow(ctx, `SELECT (SELECT count(*) FROM brands) + (SELECT count(*) FROM clicks) + (SELECT count(*) FROM conversions)`).Scan(&n); err != nil {
		return fmt.Errorf("is the database migrated? %w", err)
	}
	if n > 0 {
		return errors.New("the database already holds brands, clicks or conversions: give gendata an empty, migrated one")
	}
	rates, _, err := currency.StoredRates(ctx, conn)
	if err != nil {
		return err
	}
	for _, c := range currencies {
		if _, ok := rates[c]; !ok {
			return fmt.Errorf("the database stores no rate for %s", c)
		}
	}
	for _, set := range []string{"SET synchronous_commit = off", "SET maintenance_work_mem = '512MB'", "SET work_mem = '256MB'"} {
		if _, err := conn.Exec(ctx, set); err != nil {
			return err
		}
	}
	now := time.Now()
	st := &step{start: now, last: now}
	g := newGenerator(o, rates)
	g.program()
	st.done("program: %d brands, %d campaigns, %d affiliates", len(g.brands), len(g.campaigns), len(g.affiliates))
	if err := g.copyProgram(ctx, conn); err != nil {
		return err
	}
	st.done("copied %d memberships, %d links, %d users", len(g.memberships), len(g.links), len(g.brands)+len(g.affiliates)+1)

	// The clicks: triggers off, secondary indexes dropped, COPY, indexes back.
	// Citus (a coordinator) asks for its setting before a trigger of a distributed table is turned
	// off or on; plain PostgreSQL keeps it as a placeholder nothing reads.
	if _, err := conn.Exec(ctx, `SET citus.enable_unsafe_triggers = on`); err != nil {
		return err
	}
	if _, err := conn.Exec(ctx, `ALTER TABLE conversions DISABLE TRIGGER conversions_stats`); err != nil {
		return err
	}
	rows, err := conn.Query(ctx, `SELECT i.indexname, i.indexdef FROM pg_indexes i
		WHERE i.schemaname = current_schema() AND i.tablename = 'clicks' AND i.indexname <> 'clicks_pkey' ORDER BY 1`)
	if err != nil {
		return err
	}
	type index struct{ name, def string }
	indexes, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (index, error) {
		var i index
		return i, r.Scan(&i.name, &i.def)
	})
	if err != nil {
		return err
	}
	for _, i := range indexes {
		if _, err := conn.Exec(ctx, "DROP INDEX "+pgx.Identifier{i.name}.Sanitize()); err != nil {
			return err
		}
	}
	copied, err := conn.CopyFrom(ctx, pgx.Identifier{"clicks"},
		[]string{"id", "clicked_at", "link_id", "campaign_id", "affiliate_id", "brand_id", "ip_hash", "user_agent", "referrer", "is_bot"},
		&clickSource{g: g})
	if err != nil {
		return fmt.Errorf("copy clicks: %w", err)
	}
	st.done("copied %d clicks", copied)
	for _, i := range indexes {
		if _, err := conn.Exec(ctx, i.def); err != nil {
			return fmt.Errorf("%s: %w", i.def, err)
		}
	}
	st.done("created the %d secondary indexes of clicks", len(indexes))

	g.finishConversions()
	if err := g.copyConversions(ctx, conn); err != nil {
		return err
	}
	st.done("copied %d codes, %d conversions, %d payouts", len(g.codes), len(g.conversions), len(g.payouts))
	if err := g.copyActivity(ctx, conn); err != nil {
		return err
	}
	st.done("copied %d activity entries", g.activityCount)

	// The rollups of what is stored (rollups.go), whose deltas the fold writes into the days, the
	// months and the review counts, in one transaction with the trigger back on, so nothing written
	// meanwhile could be counted twice or missed.
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	for _, sql := range []string{
		`ALTER TABLE conversions ENABLE TRIGGER conversions_stats`,
		`TRUNCATE stats_deltas, daily_stats, monthly_stats, review_deltas, review_counts`,
		rollups,
	} {
		if _, err := tx.Exec(ctx, sql); err != nil {
			return fmt.Errorf("%s: %w", sql, err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	var days, months int64
	if err := conn.QueryRow(ctx, `SELECT (SELECT count(*) FROM daily_stats), (SELECT count(*) FROM monthly_stats)`).Scan(&days, &months); err != nil {
		return err
	}
	st.done("rebuilt the rollups: %d daily_stats, %d monthly_stats rows", days, months)
	if _, err := conn.Exec(ctx, `VACUUM (ANALYZE)`); err != nil {
		return err
	}
	st.done("vacuum analyze")
	return nil
}

// The currencies of brands, campaigns and orders (currency.Offered).
var currencies = currency.Offered

type brand struct {
	id, userID uuid.UUID
	publicID   string
	name       string
	currency   string
	weight     float64
	campaigns  []int
	created    time.Time
	orders     int
}

type campaign struct {
	id, brandID               uuid.UUID
	brand                     int
	name, currency, status    string
	rule                      conversions.Rule // a fraction for percentage, an amount for fixed
	visibility, approval      string
	holdingDays, window       int
	created                   time.Time
	confirmedCents, paidCents int64
}

type affiliate struct {
	id, userID uuid.UUID
	name       string
	email      string
	weight     float64
	created    time.Time
}

type membership struct {
	id                  uuid.UUID
	campaign, affiliate int
	status              string
	created             time.Time
}

type link struct {
	id        uuid.UUID
	campaign  int
	affiliate int
	shortCode string
	created   time.Time
	lastIP    string
}

type code struct {
	id        uuid.UUID
	campaign  int
	affiliate int
	code      string
	percent   int // discount in percent
	uses      int
	created   time.Time
}

type conversion struct {
	id              uuid.UUID
	brand           int
	orderID         string
	totalCents      int64
	currency        string
	email           string
	at              time.Time
	source          string
	attribution     string
	clickID, linkID uuid.UUID // uuid.Nil when not by link
	link            int
	code            int // -1 when not by code
	campaign        int // -1 when unattributed
	affiliate       int
	commCurrency    string
	rate            decimal.Decimal // one unit of currency in commCurrency, 10 decimals
	commission      int64
	original        int64
	refunded        int64
	reversed        int64
	status          string
	flagReason      string
	decided         time.Time
	payout          int // -1 when in none
}

type payout struct {
	id        uuid.UUID
	brand     int
	affiliate int
	currency  string
	cents     int64
	count     int
	created   time.Time
	paid      time.Time
	reference string
}

type generator struct {
	o     options
	rng   *rand.Rand
	start time.Time                  // the first day of data
	rates map[string]decimal.Decimal // units of a currency that one leu buys, as the database stores them

	brands      []brand
	campaigns   []campaign
	affiliates  []affiliate
	memberships []membership
	links       []link
	codes       []code

	linkCum, codeCum, brandCum []float64 // cumulative weights for picking

	// The clicks, produced day by day while COPY reads them.
	dayCounts []int
	day       int
	dayClicks []clickRow
	next      int
	row       []any

	conversions   []conversion
	payouts       []payout
	activityCount int
	customers     int
}

type clickRow struct {
	at   time.Time
	link int
}

func newGenerator(o options, rates map[string]decimal.Decimal) *generator {
	return &generator{
		o:     o,
		rates: rates,
		rng:   rand.New(rand.NewPCG(o.seed, 0x6f70656e61666631)), //nolint:gosec // G404: reproducible test data, not secrets
		start: o.end.AddDate(0, 0, -365),
		row:   make([]any, 10),
	}
}

// id is a random (version 4 layout) UUID from the seeded source.
func (g *generator) id() uuid.UUID {
	var u uuid.UUID
	g.fill(u[:])
	u[6] = u[6]&0x0f | 0x40
	u[8] = u[8]&0x3f | 0x80
	return u
}

// idAt is a UUIDv7 of t from the seeded source: clicks' ids sort by time, as the server's do.
func (g *generator) idAt(t time.Time) uuid.UUID {
	u := g.id()
	var ms [8]byte
	binary.BigEndian.PutUint64(ms[:], uint64(t.UnixMilli())) //nolint:gosec // G115: times after 1970
	copy(u[:6], ms[2:])
	u[6] = u[6]&0x0f | 0x70
	return u
}

// fill fills b (a multiple of 8 bytes long) from the seeded source.
func (g *generator) fill(b []byte) {
	for i := 0; i+8 <= len(b); i += 8 {
		binary.BigEndian.PutUint64(b[i:], g.rng.Uint64())
	}
}

func (g *generator) chance(p float64) bool { return g.rng.Float64() < p }

// pick draws an index from cumulative weights.
func (g *generator) pick(cum []float64) int {
	x := g.rng.Float64() * cum[len(cum)-1]
	i, _ := slices.BinarySearch(cum, x)
	return min(i, len(cum)-1)
}

func cumulative(n int, weight func(int) float64) []float64 {
	cum := make([]float64, n)
	sum := 0.0
	for i := range n {
		sum += weight(i)
		cum[i] = sum
	}
	return cum
}

func (g *generator) oneOf(options ...string) string { return options[g.rng.IntN(len(options))] }

// weighted picks a value by weight: pairs of value and weight.
func (g *generator) weighted(choices map[string]float64, order ...string) string {
	sum := 0.0
	for _, k := range order {
		sum += choices[k]
	}
	x := g.rng.Float64() * sum
	for _, k := range order {
		if x -= choices[k]; x < 0 {
			return k
		}
	}
	return order[len(order)-1]
}

// before is a time in the n days before t.
func (g *generator) before(t time.Time, days int) time.Time {
	return t.Add(-time.Duration(g.rng.Int64N(int64(days) * int64(24*time.Hour))))
}

var (
	firstNames = []string{"Ana", "Mihai", "Elena", "Radu", "Ioana", "Andrei", "Maria", "Alex", "Cristina", "Vlad", "Laura", "Dan", "Sofia", "Paul", "Irina", "George"}
	lastNames  = []string{"Popescu", "Ionescu", "Dumitru", "Stan", "Stoica", "Gheorghe", "Rusu", "Matei", "Constantin", "Marin", "Tudor", "Dinu", "Florea", "Ilie"}
	brandWords = []string{"Casa", "Urban", "Nord", "Verde", "Atelier", "Moda", "Tech", "Bio", "Sport", "Carte", "Pet", "Home", "Kids", "Auto", "Style", "Gusto"}
	topics     = []string{"Winter sale", "New customers", "Spring collection", "Summer deals", "Back to school", "Black Friday", "Loyalty", "Premium line", "Outlet", "Gift cards"}
	agents     = []string{
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
		"Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
		"Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
	}
	bots      = []string{"Googlebot/2.1 (+http://www.google.com/bot.html)", "facebookexternalhit/1.1", "curl/8.5.0"}
	referrers = []string{"", "", "https://www.facebook.com/", "https://www.instagram.com/", "https://www.google.com/", "https://www.youtube.com/", "https://www.tiktok.com/", "https://blog.example.ro/"}
	// Clicks per hour of the day (UTC; Romania is two or three hours ahead).
	hourly = []float64{1.5, 1, 0.7, 0.6, 0.8, 1.5, 3, 4.5, 5.5, 6, 6, 6, 6.5, 6.5, 6, 6, 6.5, 7.5, 8.5, 9, 8, 6, 4, 2.5}
	// Clicks per weekday, Sunday first.
	weekly = []float64{0.85, 1, 1, 1, 1.05, 1.1, 0.8}
)

// program makes the brands, campaigns, affiliates, memberships, links and codes.
func (g *generator) program() {
	o := g.o
	created := func() time.Time { return g.before(g.start, 60) }
	for b := range o.brands {
		cur := g.weighted(map[string]float64{"RON": 0.6, "EUR": 0.25, "USD": 0.15}, currencies...)
		g.brands = append(g.brands, brand{
			id: g.id(), userID: g.id(), publicID: fmt.Sprintf("bench-brand-%02d", b),
			name:     fmt.Sprintf("%s %s %02d", brandWords[b%len(brandWords)], brandWords[(b/len(brandWords)+b*7+3)%len(brandWords)], b),
			currency: cur, weight: 1 / math.Pow(float64(b+1), 0.8), created: created(),
		})
	}
	for b := range g.brands {
		br := &g.brands[b]
		for i := range 2 + g.rng.IntN(5) {
			c := campaign{
				id: g.id(), brandID: br.id, brand: b, name: fmt.Sprintf("%s %d", topics[(b+i)%len(topics)], i+1),
				currency: br.currency, status: g.weighted(map[string]float64{"active": 0.8, "paused": 0.12, "ended": 0.08}, "active", "paused", "ended"),
				visibility: "public", approval: "auto", window: []int{7, 14, 30, 30, 60}[g.rng.IntN(5)],
				created: br.created.Add(time.Duration(i) * time.Hour),
			}
			if i > 0 && g.chance(0.15) {
				c.currency = g.oneOf(currencies...)
			}
			if g.chance(0.7) {
				c.rule = conversions.Rule{Type: "percentage", Value: decimal.New(int64(3+g.rng.IntN(13)), -2)}
			} else {
				c.rule = conversions.Rule{Type: "fixed", Value: decimal.New(int64(500+250*g.rng.IntN(19)), -2)}
			}
			if g.chance(0.2) {
				c.visibility = "invite_only"
			}
			if g.chance(0.3) {
				c.approval = "manual"
			}
			if g.chance(0.3) {
				c.holdingDays = []int{7, 14, 30}[g.rng.IntN(3)]
			}
			br.campaigns = append(br.campaigns, len(g.campaigns))
			g.campaigns = append(g.campaigns, c)
		}
	}
	g.brandCum = cumulative(len(g.brands), func(i int) float64 { return g.brands[i].weight })
	// Affiliates: a few large publishers, a long tail of small ones (Zipf, exponent 0.8).
	for a := range o.affiliates {
		first, last := firstNames[g.rng.IntN(len(firstNames))], lastNames[g.rng.IntN(len(lastNames))]
		g.affiliates = append(g.affiliates, affiliate{
			id: g.id(), userID: g.id(), name: first + " " + last, email: fmt.Sprintf("bench-aff-%05d@example.com", a),
			weight: 1 / math.Pow(float64(a+1), 0.8), created: created(),
		})
	}
	var linkWeights, codeWeights []float64
	for a := range g.affiliates {
		af := g.affiliates[a]
		joins := 1 + g.rng.IntN(5)
		if a < 50 {
			joins += 5 // the large publishers promote many programmes
		}
		joined := map[int]bool{}
		var approved []int
		for range joins {
			br := &g.brands[g.pick(g.brandCum)]
			ci := br.campaigns[g.rng.IntN(len(br.campaigns))]
			if joined[ci] {
				continue
			}
			joined[ci] = true
			c := g.campaigns[ci]
			status := "approved"
			switch x := g.rng.Float64(); {
			case x < 0.06:
				status = "pending"
			case x < 0.1:
				status = "rejected"
			}
			if a == 0 {
				status = "approved"
			}
			g.memberships = append(g.memberships, membership{id: g.id(), campaign: ci, affiliate: a, status: status,
				created: laterOf(c.created, af.created).Add(time.Duration(1+g.rng.IntN(48)) * time.Hour)})
			if status == "approved" {
				approved = append(approved, len(g.memberships)-1)
			}
		}
		if len(approved) == 0 {
			continue
		}
		shares := make([]float64, len(approved))
		sum := 0.0
		for i := range shares {
			shares[i] = math.Exp(g.rng.NormFloat64())
			sum += shares[i]
		}
		for i, mi := range approved {
			share := af.weight * shares[i] / sum
			m := g.memberships[mi]
			ci := m.campaign
			n := 1 + g.rng.IntN(3)
			for k := range n {
				g.links = append(g.links, link{id: g.id(), campaign: ci, affiliate: a, shortCode: shortCode(len(g.links)),
					created: m.created.Add(time.Duration(k) * time.Hour)})
				linkWeights = append(linkWeights, share*math.Exp(0.8*g.rng.NormFloat64())/float64(n))
			}
			if g.chance(0.3) || a < 20 {
				g.codes = append(g.codes, code{id: g.id(), campaign: ci, affiliate: a, code: fmt.Sprintf("AFF%05dC%d", a, i),
					percent: 5 + 5*g.rng.IntN(4), created: m.created.Add(2 * time.Hour)})
				codeWeights = append(codeWeights, share)
			}
		}
	}
	g.linkCum = cumulative(len(linkWeights), func(i int) float64 { return linkWeights[i] })
	g.codeCum = cumulative(len(codeWeights), func(i int) float64 { return codeWeights[i] })
	g.customers = max(1000, o.clicks/8)

	// Clicks per day: growth over the year, the week's rhythm, Black Friday and December.
	weights := make([]float64, 365)
	sum := 0.0
	for d := range weights {
		day := g.start.AddDate(0, 0, d)
		w := (0.6 + 0.4*float64(d)/364) * weekly[day.Weekday()] * (0.9 + 0.2*g.rng.Float64())
		if day.Month() == time.November && day.Day() >= 20 && day.Day() <= 30 {
			w *= 2.2
		}
		if day.Month() == time.December && day.Day() < 24 {
			w *= 1.4
		}
		weights[d] = w
		sum += w
	}
	g.dayCounts = make([]int, 365)
	acc, given := 0.0, 0
	for d, w := range weights {
		acc += float64(o.clicks) * w / sum
		n := int(math.Round(acc)) - given
		if d == 364 {
			n = o.clicks - given
		}
		g.dayCounts[d] = n
		given += n
	}
	g.day = -1
}

func laterOf(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// shortCode is a unique 8-character code for link i.
func shortCode(i int) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	b := []byte("bnAAAAAA")
	for k := len(b) - 1; k >= 2 && i > 0; k-- {
		b[k] = alphabet[i%len(alphabet)]
		i /= len(alphabet)
	}
	return string(b)
}

// clickSource is COPY's source of clicks: one day at a time, sorted by time, with the day's
// orders drawn on the way.
type clickSource struct{ g *generator }

func (s *clickSource) Next() bool {
	g := s.g
	for g.next >= len(g.dayClicks) {
		if g.day+1 >= len(g.dayCounts) {
			return false
		}
		g.day++
		g.fillDay()
	}
	return true
}

func (s *clickSource) Values() ([]any, error) {
	g := s.g
	c := g.dayClicks[g.next]
	g.next++
	l := &g.links[c.link]
	cp := &g.campaigns[l.campaign]
	id := g.idAt(c.at)
	bot := g.chance(0.03)
	ip := l.lastIP
	if ip == "" || !g.chance(0.12) { // about one click in eight repeats the link's last visitor
		var b [16]byte
		g.fill(b[:])
		ip = hex.EncodeToString(b[:])
		l.lastIP = ip
	}
	agent := agents[g.rng.IntN(len(agents))]
	if bot {
		agent = bots[g.rng.IntN(len(bots))]
	}
	r := g.row
	r[0], r[1], r[2], r[3] = pgUUID(id), c.at, pgUUID(l.id), pgUUID(cp.id)
	r[4], r[5], r[6], r[7] = pgUUID(g.affiliates[l.affiliate].id), pgUUID(cp.brandID), ip, agent
	r[8], r[9] = referrers[g.rng.IntN(len(referrers))], bot
	if !bot {
		g.maybeOrder(c, id)
	}
	return r, nil
}

func (s *clickSource) Err() error { return nil }

func (g *generator) fillDay() {
	n := g.dayCounts[g.day]
	day := g.start.AddDate(0, 0, g.day)
	hours := cumulative(24, func(i int) float64 { return hourly[i] })
	g.dayClicks = g.dayClicks[:0]
	for range n {
		h := g.pick(hours)
		at := day.Add(time.Duration(h)*time.Hour + time.Duration(g.rng.Int64N(int64(time.Hour))))
		g.dayClicks = append(g.dayClicks, clickRow{at: at.Truncate(time.Microsecond), link: g.pick(g.linkCum)})
	}
	slices.SortFunc(g.dayClicks, func(a, b clickRow) int { return a.at.Compare(b.at) })
	g.next = 0
}

// maybeOrder draws whether a human click leads to an order: by this click (80% of orders), with
// a discount code (15%), or by nobody (5%); orders come minutes to days after the click.
func (g *generator) maybeOrder(c clickRow, clickID uuid.UUID) {
	rate := g.o.conversionRate / 0.97
	x := g.rng.Float64()
	if x >= rate {
		return
	}
	at := c.at.Add(time.Duration(g.rng.ExpFloat64() * float64(8*time.Hour))).Truncate(time.Microsecond)
	if !at.Before(g.o.end) {
		return
	}
	v := conversion{at: at, link: -1, code: -1, campaign: -1, affiliate: -1, payout: -1}
	switch {
	case x < rate*0.8:
		l := g.links[c.link]
		v.attribution, v.clickID, v.linkID, v.link, v.campaign, v.affiliate = "link", clickID, l.id, c.link, l.campaign, l.affiliate
		v.brand = g.campaigns[l.campaign].brand
	case x < rate*0.95 && len(g.codes) > 0:
		k := g.pick(g.codeCum)
		cd := &g.codes[k]
		if at.Before(cd.created) {
			return
		}
		cd.uses++
		v.attribution, v.code, v.campaign, v.affiliate = "discount_code", k, cd.campaign, cd.affiliate
		v.brand = g.campaigns[cd.campaign].brand
	default:
		v.attribution = "none"
		v.brand = g.pick(g.brandCum)
	}
	br := &g.brands[v.brand]
	br.orders++
	v.id = g.id()
	v.orderID = fmt.Sprintf("%s-%07d", br.publicID, br.orders)
	v.currency = br.currency
	v.commCurrency = br.currency
	if v.campaign >= 0 {
		v.commCurrency = g.campaigns[v.campaign].currency
	}
	if g.chance(0.1) {
		v.currency = g.oneOf(currencies...)
	}
	// Order totals: log-normal around 180 in the order's currency's lei worth.
	v.totalCents = max(100, int64(math.Round(18000*math.Exp(0.7*g.rng.NormFloat64())*g.rates[v.currency].InexactFloat64())))
	exchange, ok := conversions.ExchangeRate(g.rates, v.currency, v.commCurrency)
	if !ok {
		panic(fmt.Sprintf("gendata: no exchange rate from %s to %s", v.currency, v.commCurrency)) // the stored rates are checked in run
	}
	v.rate = exchange
	v.email = fmt.Sprintf("customer%07d@example.ro", g.rng.IntN(g.customers))
	v.source = "api"
	if g.chance(0.4) {
		v.source = "shopify"
	}
	g.conversions = append(g.conversions, v)
}

// finishConversions gives the orders their commissions, statuses by age, refunds and payouts.
func (g *generator) finishConversions() {
	type key struct {
		brand, affiliate int
		currency         string
		month            time.Time
	}
	payouts := map[key]int{}
	for i := range g.conversions {
		v := &g.conversions[i]
		if v.campaign >= 0 {
			// As the server computes it (server/domain/conversions), in cents.
			v.original = conversions.Commission(g.campaigns[v.campaign].rule, decimal.New(v.totalCents, -2), v.rate).Shift(2).IntPart()
		}
		v.commission = v.original
		age := g.o.end.Sub(v.at).Hours() / 24
		var status string
		switch {
		case age > 45:
			status = g.weighted(map[string]float64{"paid": 50, "confirmed": 30, "rejected": 8, "reversed": 4, "pending": 5, "flagged": 3},
				"paid", "confirmed", "rejected", "reversed", "pending", "flagged")
		case age > 15:
			status = g.weighted(map[string]float64{"paid": 10, "confirmed": 55, "rejected": 7, "reversed": 4, "pending": 20, "flagged": 4},
				"paid", "confirmed", "rejected", "reversed", "pending", "flagged")
		default:
			status = g.weighted(map[string]float64{"confirmed": 15, "rejected": 6, "reversed": 3, "pending": 70, "flagged": 6},
				"confirmed", "rejected", "reversed", "pending", "flagged")
		}
		if v.affiliate < 0 {
			status = "pending" // nobody's order: nothing to decide
		}
		held := 0
		if v.campaign >= 0 {
			held = g.campaigns[v.campaign].holdingDays
		}
		if status == "pending" && held > 0 && age > float64(held) {
			status = "confirmed" // the server confirms held orders once their holding period has passed
		}
		v.status = status
		switch status {
		case "flagged":
			v.flagReason = g.oneOf("self_referral", "click_burst", "reused_order")
		case "reversed":
			if g.chance(0.7) {
				v.refunded = v.totalCents
			}
			v.reversed, v.commission = v.original, 0
		case "pending", "confirmed":
			if g.chance(0.04) {
				v.refunded = max(1, v.totalCents*int64(10+g.rng.IntN(50))/100)
				v.commission = conversions.RefundedCommission(money(v.original), money(v.totalCents), decimal.Zero, money(v.refunded)).Shift(2).IntPart()
				v.reversed = v.original - v.commission
			}
		}
		if status != "pending" && status != "flagged" {
			v.decided = v.at.Add(time.Duration(1+g.rng.IntN(14*24)) * time.Hour)
			if held > 0 && status == "confirmed" {
				v.decided = v.at.AddDate(0, 0, held)
			}
			if !v.decided.Before(g.o.end) {
				v.decided = g.o.end.Add(-time.Minute)
			}
		}
		if v.campaign >= 0 {
			c := &g.campaigns[v.campaign]
			switch status {
			case "confirmed":
				c.confirmedCents += v.commission
			case "paid":
				c.paidCents += v.commission
			}
		}
		if status == "paid" && v.commission > 0 {
			month := time.Date(v.at.Year(), v.at.Month(), 1, 0, 0, 0, 0, time.UTC)
			k := key{v.brand, v.affiliate, v.commCurrency, month}
			p, ok := payouts[k]
			if !ok {
				p = len(g.payouts)
				payouts[k] = p
				created := month.AddDate(0, 1, 3)
				if !created.Before(g.o.end) {
					created = g.o.end.Add(-48 * time.Hour)
				}
				g.payouts = append(g.payouts, payout{id: g.id(), brand: v.brand, affiliate: v.affiliate, currency: v.commCurrency,
					created: created, paid: created.Add(26 * time.Hour), reference: fmt.Sprintf("TRF-%06d", p+1)})
			}
			g.payouts[p].cents += v.commission
			g.payouts[p].count++
			v.payout = p
		}
	}
}

func pgUUID(id uuid.UUID) pgtype.UUID { return pgtype.UUID{Bytes: id, Valid: true} }

func nullUUID(id uuid.UUID, ok bool) pgtype.UUID { return pgtype.UUID{Bytes: id, Valid: ok} }

// money is cents as an amount with 2 decimals.
func money(cents int64) decimal.Decimal { return decimal.New(cents, -2) }

func nullTime(t time.Time) pgtype.Timestamptz { return pgtype.Timestamptz{Time: t, Valid: !t.IsZero()} }

func nullInt(n int) pgtype.Int4 { return pgtype.Int4{Int32: int32(n), Valid: n > 0} } //nolint:gosec // G115: small counts

// copyRows copies n rows made by row(i).
func copyRows(ctx context.Context, conn *pgx.Conn, table string, columns []string, n int, row func(i int) []any) error {
	_, err := conn.CopyFrom(ctx, pgx.Identifier{table}, columns, pgx.CopyFromSlice(n, func(i int) ([]any, error) { return row(i), nil }))
	if err != nil {
		return fmt.Errorf("copy %s: %w", table, err)
	}
	return nil
}

// passwordHash is an argon2id hash of the password in the server's format (server/platform/auth), with a
// salt from the seed, so every user can sign in and a run is reproducible.
func (g *generator) passwordHash() string {
	salt := make([]byte, 16)
	g.fill(salt)
	key := argon2.IDKey([]byte(g.o.password), salt, 2, 19*1024, 1, 32)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, 19*1024, 2, 1,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key))
}

func (g *generator) copyProgram(ctx context.Context, conn *pgx.Conn) error {
	hash := g.passwordHash()
	if err := copyRows(ctx, conn, "brands", []string{"id", "public_id", "company_name", "domain", "webhook_secret", "default_currency", "created_at"},
		len(g.brands), func(i int) []any {
			b := g.brands[i]
			return []any{pgUUID(b.id), b.publicID, b.name, b.publicID + ".example", "shpss_" + hex.EncodeToString(b.id[:]), b.currency, b.created}
		}); err != nil {
		return err
	}
	if err := copyRows(ctx, conn, "affiliates", []string{"id", "name", "email", "created_at"}, len(g.affiliates), func(i int) []any {
		a := g.affiliates[i]
		return []any{pgUUID(a.id), a.name, a.email, a.created}
	}); err != nil {
		return err
	}
	nb, na := len(g.brands), len(g.affiliates)
	if err := copyRows(ctx, conn, "users", []string{"id", "email", "password_hash", "first_name", "last_name", "company_name", "account_type",
		"is_verified", "brand_id", "affiliate_id", "created_at"}, nb+na+1, func(i int) []any {
		switch {
		case i < nb:
			b := g.brands[i]
			return []any{pgUUID(b.userID), b.publicID + "@example.com", hash, "Brand", fmt.Sprintf("Owner %02d", i), b.name, "brand", true,
				pgUUID(b.id), nullUUID(uuid.Nil, false), b.created}
		case i < nb+na:
			a := g.affiliates[i-nb]
			return []any{pgUUID(a.userID), a.email, hash, a.name, "", nil, "affiliate", true, nullUUID(uuid.Nil, false), pgUUID(a.id), a.created}
		}
		return []any{pgUUID(g.id()), "bench-host@example.com", hash, "Bench", "Host", nil, "host", true,
			nullUUID(uuid.Nil, false), nullUUID(uuid.Nil, false), g.start.AddDate(0, 0, -90)}
	}); err != nil {
		return err
	}
	if err := copyRows(ctx, conn, "campaigns", []string{"id", "brand_id", "name", "description", "homepage_url", "status", "currency",
		"commission_type", "commission_value", "attribution_window_days", "visibility", "approval_mode", "holding_days", "created_at", "updated_at"},
		len(g.campaigns), func(i int) []any {
			c := g.campaigns[i]
			return []any{pgUUID(c.id), pgUUID(c.brandID), c.name, "Generated for benchmarks.", "https://" + g.brands[c.brand].publicID + ".example/",
				c.status, c.currency, c.rule.Type, c.rule.Value, int32(c.window), c.visibility, c.approval, nullInt(c.holdingDays), c.created, c.created} //nolint:gosec // G115: small
		}); err != nil {
		return err
	}
	if err := copyRows(ctx, conn, "campaign_memberships", []string{"id", "brand_id", "campaign_id", "affiliate_id", "status", "created_at", "decided_at"},
		len(g.memberships), func(i int) []any {
			m := g.memberships[i]
			c := g.campaigns[m.campaign]
			decided := pgtype.Timestamptz{}
			if m.status != "pending" {
				decided = nullTime(m.created.Add(time.Hour))
			}
			return []any{pgUUID(m.id), pgUUID(c.brandID), pgUUID(c.id), pgUUID(g.affiliates[m.affiliate].id), m.status, m.created, decided}
		}); err != nil {
		return err
	}
	if err := copyRows(ctx, conn, "tracking_links", []string{"id", "brand_id", "campaign_id", "affiliate_id", "name", "short_code", "destination_url",
		"created_at", "updated_at"}, len(g.links), func(i int) []any {
		l := g.links[i]
		c := g.campaigns[l.campaign]
		return []any{pgUUID(l.id), pgUUID(c.brandID), pgUUID(c.id), pgUUID(g.affiliates[l.affiliate].id), fmt.Sprintf("Link %d", i+1), l.shortCode,
			"https://" + g.brands[c.brand].publicID + ".example/?utm_source=aff", l.created, l.created}
	}); err != nil {
		return err
	}
	// Every link's code, as the link service writes it with the link.
	return copyRows(ctx, conn, "short_codes", []string{"code", "link_id", "brand_id"}, len(g.links), func(i int) []any {
		l := g.links[i]
		return []any{l.shortCode, pgUUID(l.id), pgUUID(g.campaigns[l.campaign].brandID)}
	})
}

func (g *generator) copyConversions(ctx context.Context, conn *pgx.Conn) error {
	if err := copyRows(ctx, conn, "discount_codes", []string{"id", "brand_id", "campaign_id", "affiliate_id", "code", "discount_type", "discount_value",
		"current_usage_count", "created_at", "updated_at"}, len(g.codes), func(i int) []any {
		k := g.codes[i]
		c := g.campaigns[k.campaign]
		return []any{pgUUID(k.id), pgUUID(c.brandID), pgUUID(c.id), pgUUID(g.affiliates[k.affiliate].id), k.code, "percentage",
			decimal.New(int64(k.percent), -2), int32(k.uses), k.created, k.created} //nolint:gosec // G115: counts
	}); err != nil {
		return err
	}
	if err := copyRows(ctx, conn, "payouts", []string{"id", "brand_id", "affiliate_id", "affiliate_name", "affiliate_email", "currency", "amount",
		"conversion_count", "status", "reference", "created_by", "paid_by", "created_at", "paid_at"}, len(g.payouts), func(i int) []any {
		p := g.payouts[i]
		a := g.affiliates[p.affiliate]
		by := pgUUID(g.brands[p.brand].userID)
		return []any{pgUUID(p.id), pgUUID(g.brands[p.brand].id), pgUUID(a.id), a.name, a.email, p.currency, money(p.cents), int32(p.count), //nolint:gosec // G115: counts
			"paid", p.reference, by, by, p.created, p.paid}
	}); err != nil {
		return err
	}
	if err := copyRows(ctx, conn, "conversions", []string{"id", "brand_id", "order_id", "order_total", "currency", "customer_email", "converted_at",
		"source", "attribution", "click_id", "link_id", "discount_code", "discount_code_id", "campaign_id", "affiliate_id", "commission_currency",
		"exchange_rate", "commission_amount", "original_commission", "refunded_amount", "status", "flag_reason", "created_at", "updated_at",
		"decided_at", "reversed_amount", "payout_id"}, len(g.conversions), func(i int) []any {
		v := g.conversions[i]
		codeText, codeID := "", nullUUID(uuid.Nil, false)
		if v.code >= 0 {
			codeText, codeID = g.codes[v.code].code, pgUUID(g.codes[v.code].id)
		}
		campaignID, affiliateID := nullUUID(uuid.Nil, false), nullUUID(uuid.Nil, false)
		if v.campaign >= 0 {
			campaignID, affiliateID = pgUUID(g.campaigns[v.campaign].id), pgUUID(g.affiliates[v.affiliate].id)
		}
		payoutID := nullUUID(uuid.Nil, false)
		if v.payout >= 0 {
			payoutID = pgUUID(g.payouts[v.payout].id)
		}
		updated := v.at
		if !v.decided.IsZero() {
			updated = v.decided
		}
		return []any{pgUUID(v.id), pgUUID(g.brands[v.brand].id), v.orderID, money(v.totalCents), v.currency, v.email, v.at,
			v.source, v.attribution, nullUUID(v.clickID, v.link >= 0), nullUUID(v.linkID, v.link >= 0), codeText, codeID, campaignID, affiliateID,
			v.commCurrency, v.rate, money(v.commission), money(v.original), money(v.refunded), v.status, v.flagReason,
			v.at, updated, nullTime(v.decided), money(v.reversed), payoutID}
	}); err != nil {
		return err
	}
	_, err := conn.Exec(ctx, `UPDATE campaigns c SET spent = s.spent
		FROM (SELECT campaign_id, sum(commission_amount) AS spent FROM conversions
		      WHERE status IN ('confirmed', 'paid') AND campaign_id IS NOT NULL GROUP BY 1) s
		WHERE c.id = s.campaign_id`)
	return err
}

// copyActivity writes what the product logs for this history: joins, links, codes, decisions on
// orders, refunds and payouts, each with its brand and affiliate.
func (g *generator) copyActivity(ctx context.Context, conn *pgx.Conn) error {
	type entry struct {
		actor              uuid.UUID
		action, entityType string
		entityID           uuid.UUID
		details            map[string]any
		brand, affiliate   int
		at                 time.Time
	}
	var entries []entry
	for _, m := range g.memberships {
		entries = append(entries, entry{g.affiliates[m.affiliate].userID, "join", "campaign", g.campaigns[m.campaign].id,
			map[string]any{"status": m.status}, g.campaigns[m.campaign].brand, m.affiliate, m.created})
	}
	for _, l := range g.links {
		entries = append(entries, entry{g.affiliates[l.affiliate].userID, "create", "tracking_link", l.id,
			map[string]any{"short_code": l.shortCode}, g.campaigns[l.campaign].brand, l.affiliate, l.created})
	}
	for _, k := range g.codes {
		b := g.campaigns[k.campaign].brand
		entries = append(entries, entry{g.brands[b].userID, "create", "discount_code", k.id, map[string]any{"code": k.code}, b, k.affiliate, k.created})
	}
	for _, v := range g.conversions {
		if v.decided.IsZero() {
			continue
		}
		actor := g.brands[v.brand].userID
		action := map[string]string{"confirmed": "conversion.confirm", "paid": "conversion.confirm", "rejected": "conversion.reject", "reversed": "conversion.reverse"}[v.status]
		if v.refunded > 0 {
			actor, action = uuid.Nil, "conversion.refunded"
		}
		entries = append(entries, entry{actor, action, "conversion", v.id, map[string]any{"order_id": v.orderID}, v.brand, v.affiliate, v.decided})
	}
	for _, p := range g.payouts {
		by := g.brands[p.brand].userID
		amount := fmt.Sprintf("%d.%02d", p.cents/100, p.cents%100)
		entries = append(entries,
			entry{by, "payout.created", "payout", p.id, map[string]any{"amount": amount, "currency": p.currency}, p.brand, p.affiliate, p.created},
			entry{by, "payout.paid", "payout", p.id, map[string]any{"reference": p.reference}, p.brand, p.affiliate, p.paid})
	}
	slices.SortStableFunc(entries, func(a, b entry) int { return a.at.Compare(b.at) })
	g.activityCount = len(entries)
	return copyRows(ctx, conn, "activity_log", []string{"actor_id", "action", "entity_type", "entity_id", "details", "created_at", "brand_id", "affiliate_id"},
		len(entries), func(i int) []any {
			e := entries[i]
			details, _ := json.Marshal(e.details)
			affiliateID := nullUUID(uuid.Nil, false)
			if e.affiliate >= 0 {
				affiliateID = pgUUID(g.affiliates[e.affiliate].id)
			}
			return []any{nullUUID(e.actor, e.actor != uuid.Nil), e.action, e.entityType, e.entityID.String(), details, e.at,
				pgUUID(g.brands[e.brand].id), affiliateID}
		})
}
