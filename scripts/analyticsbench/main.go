// Command analyticsbench measures the analytics and dashboard endpoints of a running server
// (scripts/bench-analytics.sh) over a database scripts/gendata filled: it signs in as the largest
// brand, the busiest affiliate and the host, checks that every endpoint answers 200, then sends
// -n requests to each from -c clients after -warmup unmeasured ones (fewer of both, but at least
// 3 and 20, when an endpoint is slow enough to use up -budget), and prints one line per endpoint:
// its name, p50, p95 and p99 in milliseconds, the requests measured and how many failed.
package main

import (
	"flag"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/openaffiliate/platform/scripts/benchapi"
)

var client = &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}

func login(api benchapi.Client, email, password string) string {
	return api.Call("POST", "/auth/login", "", map[string]any{"email": email, "password": password})["jwt"].(string)
}

// get sends one measured request and answers its status.
func get(base, path, token string) (int, error) {
	req, err := http.NewRequest("GET", base+"/api/v1"+path, nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Accept-Encoding", "gzip") // as a browser would
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	return resp.StatusCode, nil
}

func percentile(sorted []time.Duration, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := min(len(sorted)-1, int(p*float64(len(sorted))+0.5)-1)
	return float64(sorted[max(i, 0)].Microseconds()) / 1000
}

func main() {
	base := flag.String("base", "http://127.0.0.1:8080", "server address")
	n := flag.Int("n", 300, "measured requests per endpoint")
	warmup := flag.Int("warmup", 20, "unmeasured requests per endpoint first")
	workers := flag.Int("c", 1, "concurrent clients")
	budget := flag.Duration("budget", 60*time.Second, "at most this long per endpoint: a slow one is measured on fewer requests")
	brandEmail := flag.String("brand", "bench-brand-00@example.com", "brand to sign in as (gendata's brand 00 is the largest)")
	affEmail := flag.String("affiliate", "bench-aff-00000@example.com", "affiliate to sign in as (gendata's affiliate 00000 is the busiest)")
	hostEmail := flag.String("host", "bench-host@example.com", "host to sign in as")
	password := flag.String("password", "bench-password", "their password")
	flag.Parse()
	api := benchapi.Client{Name: "analyticsbench", Base: *base, HTTP: client, OK: http.StatusOK}

	brand := login(api, *brandEmail, *password)
	aff := login(api, *affEmail, *password)
	host := login(api, *hostEmail, *password)
	me := api.Call("GET", "/auth/me", aff, nil)["user"].(map[string]any)
	affID := api.Call("GET", "/affiliates/by-user/"+me["id"].(string), aff, nil)["affiliate"].(map[string]any)["id"].(string)

	// What each role's dashboard asks for (frontend/src/sections/dashboards), then the analytics
	// page at its widest range.
	endpoints := []struct{ name, path, token string }{
		{"brand: /conversions/analytics?range=30d", "/conversions/analytics?range=30d", brand},
		{"brand: /conversions/timeseries?range=30d", "/conversions/timeseries?range=30d", brand},
		{"brand: /brands/dashboard", "/brands/dashboard", brand},
		{"brand: /brands/top-affiliates?limit=10", "/brands/top-affiliates?limit=10", brand},
		{"brand: /activity/recent?limit=10", "/activity/recent?limit=10", brand},
		{"affiliate: /dashboard/affiliate-stats/{id}", "/dashboard/affiliate-stats/" + affID, aff},
		{"affiliate: /conversions/timeseries?range=30d", "/conversions/timeseries?range=30d", aff},
		{"affiliate: /activity/recent?limit=10", "/activity/recent?limit=10", aff},
		{"host: /admin/overview", "/admin/overview", host},
		{"host: /conversions/analytics?range=30d", "/conversions/analytics?range=30d", host},
		{"host: /conversions/timeseries?range=30d", "/conversions/timeseries?range=30d", host},
		{"host: /activity/recent?limit=10", "/activity/recent?limit=10", host},
		{"brand: /conversions/analytics?range=365d", "/conversions/analytics?range=365d", brand},
		{"affiliate: /conversions/analytics?range=365d", "/conversions/analytics?range=365d", aff},
		{"host: /conversions/analytics?range=365d", "/conversions/analytics?range=365d", host},
		{"host: /conversions/timeseries?range=365d", "/conversions/timeseries?range=365d", host},
	}
	for _, e := range endpoints {
		if status, err := get(*base, e.path, e.token); err != nil || status != http.StatusOK {
			api.Fail("%s answered %d %v", e.name, status, err)
		}
	}
	for _, e := range endpoints {
		started := time.Now()
		for i := 0; i < *warmup && (i < 3 || time.Since(started) < *budget/4); i++ {
			_, _ = get(*base, e.path, e.token)
		}
		var mu sync.Mutex
		var times []time.Duration
		failed := 0
		jobs := make(chan struct{})
		var wg sync.WaitGroup
		for range *workers {
			wg.Go(func() {
				for range jobs {
					start := time.Now()
					status, err := get(*base, e.path, e.token)
					took := time.Since(start)
					mu.Lock()
					times = append(times, took)
					if err != nil || status != http.StatusOK {
						failed++
					}
					mu.Unlock()
				}
			})
		}
		for i := 0; i < *n && (i < 20 || time.Since(started) < *budget); i++ {
			jobs <- struct{}{}
		}
		close(jobs)
		wg.Wait()
		slices.Sort(times)
		fmt.Printf("%s\t%.2f\t%.2f\t%.2f\t%d\t%d\n", e.name, percentile(times, 0.50), percentile(times, 0.95), percentile(times, 0.99), len(times), failed)
	}
}
