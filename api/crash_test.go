package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/openaffiliate/platform/server"
	"github.com/openaffiliate/platform/server/domain/clickid"
	"github.com/openaffiliate/platform/server/domain/redirect"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// TestAttributionSurvivesACrash: a server process is killed with SIGKILL under load, losing the
// clicks its buffer held; after a restart, an order posted for every click id it answered with a
// 302 attributes to that link's affiliate, whether or not the click's row was stored.
func TestAttributionSurvivesACrash(t *testing.T) {
	env := servertest.Get(t)
	type target struct {
		p    program
		code string
		key  string
	}
	var targets []target
	for range 2 {
		p := newProgram(t, env)
		key := data(mustStatus(t, env.Call(t, http.MethodPost, "/brands/api-keys", p.brand.token, map[string]any{"name": "Shop"}), http.StatusCreated))["key"].(string)
		targets = append(targets, target{p: p, code: p.link(t, env, "")["short_code"].(string), key: key})
	}
	processEnv := map[string]string{"DATABASE_URL": env.App.Config.DatabaseURL, "JWT_SECRET": string(env.App.Config.JWTSecret)}
	first := servertest.StartProcess(t, processEnv)

	// Four visitors click both links until the kill, about 1,500 clicks a second in all; each 302's
	// click id is kept with its link.
	type answered struct {
		target int
		id     string
	}
	var (
		mu     sync.Mutex
		clicks []answered
		killed = make(chan struct{})
	)
	waitVisitors := clickUntil(killed, 4, func(i int) {
		n := i % len(targets)
		req, _ := http.NewRequest(http.MethodGet, first.URL+"/r/"+targets[n].code, nil)
		req.Header.Set("User-Agent", browserUA) // a bot's click never attributes
		resp, err := noFollow.Do(req)
		if err != nil {
			return // the kill cut it
		}
		_ = resp.Body.Close()
		loc, err := url.Parse(resp.Header.Get("Location"))
		if resp.StatusCode != http.StatusFound || err != nil || loc.Query().Get(redirect.ClickParam) == "" {
			return
		}
		mu.Lock()
		clicks = append(clicks, answered{target: n, id: loc.Query().Get(redirect.ClickParam)})
		mu.Unlock()
	})
	time.Sleep(1500 * time.Millisecond)
	first.Kill(t)
	close(killed)
	waitVisitors()
	if len(clicks) == 0 {
		t.Fatal("no click was answered before the kill")
	}
	signer := clickid.NewSigner(env.App.Config.JWTSecret)
	var rowIDs []string
	for _, c := range clicks {
		claims, ok := signer.Read(c.id)
		if !ok {
			t.Fatalf("the redirect answered an aff_click that does not read: %q", c.id)
		}
		rowIDs = append(rowIDs, claims.Click.String())
	}
	stored := count(t, env, "SELECT count(*) FROM clicks WHERE id = ANY($1::uuid[])", rowIDs)

	// After a restart, one order per answered click id, posted by its brand's shop.
	second := servertest.StartProcess(t, processEnv)
	var (
		next    atomic.Int64
		right   atomic.Int64
		posters sync.WaitGroup
		wrongMu sync.Mutex
		wrong   []string
	)
	for range 8 {
		posters.Add(1)
		go func() {
			defer posters.Done()
			for i := int(next.Add(1)) - 1; i < len(clicks); i = int(next.Add(1)) - 1 {
				c := clicks[i]
				got, err := postOrder(second.URL, targets[c.target].key, map[string]any{
					"order_id": fmt.Sprintf("crash-%d", i), "order_total": "50.00", "currency": "RON", "click_id": c.id,
				})
				if err == nil && got["attribution"] == "link" && got["affiliate_id"] == targets[c.target].p.affID {
					right.Add(1)
					continue
				}
				wrongMu.Lock()
				wrong = append(wrong, fmt.Sprintf("click %d: %v %v", i, got, err))
				wrongMu.Unlock()
			}
		}()
	}
	posters.Wait()
	t.Logf("SIGKILL under load: %d clicks answered with a 302, %d rows stored (%d lost with the buffer), %d of %d orders attributed to the right affiliate after the restart",
		len(clicks), stored, len(clicks)-stored, right.Load(), len(clicks))
	if int(right.Load()) != len(clicks) {
		t.Fatalf("%d of %d orders attributed to the right affiliate; first wrong: %v", right.Load(), len(clicks), wrong[:min(3, len(wrong))])
	}
}

// postOrder sends an order to a server's conversion API with a brand's key and answers the
// conversion it stored.
func postOrder(base, key string, order map[string]any) (map[string]any, error) {
	body, err := json.Marshal(order)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequest(http.MethodPost, base+server.APIBase+"/conversions/process", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-API-Key", key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer func() { _ = resp.Body.Close() }() // read below; a close error changes nothing
	var out struct {
		Data struct {
			Conversion map[string]any `json:"conversion"`
		} `json:"data"`
	}
	if resp.StatusCode != http.StatusCreated {
		return nil, fmt.Errorf("status %d", resp.StatusCode)
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return nil, err
	}
	return out.Data.Conversion, nil
}
