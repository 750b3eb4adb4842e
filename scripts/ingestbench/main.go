// Command ingestbench measures conversion ingestion against a running server (scripts/bench-ingest.sh):
// it sets up a brand with a campaign, an affiliate, discount codes, an API key, a webhook key and
// real clicks through the API, then reports N orders, half through the conversion API with a click
// id and half as signed Shopify webhooks with a discount code, each order sent COPIES times at once
// (retries racing), from C workers. It prints one line: orders/s, requests/s, and whether the
// server stored exactly one conversion per order.
//
// With -refused N it then sends N more orders the same way (same program, bodies, headers, copies
// and workers), each of which the server turns away before any order work (an order total that is
// not a number, a Shopify signature made with another key): what the HTTP requests alone cost
// (connection, middleware, the key or the signature, the contract's validation of the body), so
// orders/s can be compared with a ceiling that stores nothing. It prints a second line for them and
// checks that every answer was 400 or 401 and that nothing more was stored.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/openaffiliate/platform/scripts/benchapi"
	"github.com/openaffiliate/platform/server/domain/shopify"
)

var client = &http.Client{Timeout: 30 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	Transport: &http.Transport{MaxIdleConnsPerHost: 256}}

func main() {
	base := flag.String("base", "http://127.0.0.1:8080", "server address")
	orders := flag.Int("n", 4000, "orders to report")
	workers := flag.Int("c", 16, "concurrent requests")
	copies := flag.Int("copies", 2, "times each order is sent, at once")
	refusedN := flag.Int("refused", 0, "then send this many orders that the server refuses before any order work (the HTTP ceiling)")
	flag.Parse()
	api := benchapi.Client{Name: "ingestbench", Base: *base, HTTP: client}

	// The program: a brand, a 10% campaign, an approved affiliate, 20 codes, a key and clicks.
	stamp := time.Now().UnixNano()
	brand := api.Call("POST", "/auth/signup", "", map[string]any{"email": fmt.Sprintf("ingest-brand-%d@example.com", stamp), "password": "bench-password",
		"firstName": "B", "lastName": "B", "accountType": "brand", "companyName": "Ingest Shop"})["jwt"].(string)
	api.Call("PUT", "/brands/setup", brand, map[string]any{"company_name": "Ingest Shop", "domain": "ingest-shop.example", "default_currency": "RON"})
	campaign := api.Call("POST", "/campaigns", brand, map[string]any{"name": "Ingest", "homepage_url": "https://ingest-shop.example/",
		"commission_type": "percentage", "commission_value": "0.10", "currency": "RON"})["campaign"].(map[string]any)["id"].(string)
	aff := api.Call("POST", "/auth/signup", "", map[string]any{"email": fmt.Sprintf("ingest-aff-%d@example.com", stamp), "password": "bench-password",
		"firstName": "A", "lastName": "A", "accountType": "affiliate"})["jwt"].(string)
	api.Call("POST", "/campaigns/"+campaign+"/join", aff, nil)
	me := api.Call("GET", "/auth/me", aff, nil)["user"].(map[string]any)
	affID := api.Call("GET", "/affiliates/by-user/"+me["id"].(string), aff, nil)["affiliate"].(map[string]any)["id"].(string)
	const codes = 20
	for i := range codes {
		api.Call("POST", "/discount-codes", brand, map[string]any{"campaign_id": campaign, "affiliate_id": affID, "code": fmt.Sprintf("INGEST%02d", i),
			"discount_type": "percentage", "discount_value": "0.10"})
	}
	key := api.Call("POST", "/brands/api-keys", brand, map[string]any{"name": "bench"})["key"].(string)
	brandInfo := api.Call("GET", "/brands/integration/details", brand, nil)
	secret := fmt.Sprintf("shpss_ingest_%d", stamp) // a throwaway key for this run
	api.Call("PUT", "/brands/"+brandInfo["brand_uuid"].(string)+"/webhook-secret", brand, map[string]any{"webhook_secret": secret})
	shopifyURL := brandInfo["shopify_webhook_url"].(string)
	short := api.Call("POST", "/affiliate-links/generate", aff, map[string]any{"campaign_id": campaign})["link"].(map[string]any)["short_code"].(string)
	clicks := make([]string, 200)
	for i := range clicks {
		req, _ := http.NewRequest("GET", *base+"/r/"+short, nil)
		req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36")
		req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.1.%d.%d", i/250, i%250+1))
		resp, err := client.Do(req)
		if err != nil {
			api.Fail("click: %v", err)
		}
		_ = resp.Body.Close()
		loc, err := url.Parse(resp.Header.Get("Location"))
		if err != nil || loc.Query().Get("aff_click") == "" {
			api.Fail("click %d: %d %q", i, resp.StatusCode, resp.Header.Get("Location"))
		}
		clicks[i] = loc.Query().Get("aff_click")
	}
	time.Sleep(time.Second) // the clicks' buffer is written out

	// Order i goes through the API (even) or as a Shopify webhook (odd). Bodies and signatures are
	// made before the clock starts, so the load generator spends its share of the CPU sending.
	type order struct {
		url, signature string
		body           []byte
	}
	prepare := func(n int, refused bool) []order {
		prepared := make([]order, n)
		for i := range prepared {
			if i%2 == 0 {
				total := "149.90"
				if refused {
					total = "not a number"
				}
				body, _ := json.Marshal(map[string]any{"order_id": fmt.Sprintf("api-%d-%d", stamp, i), "order_total": total, "currency": "RON",
					"customer_email": fmt.Sprintf("c%d@example.com", i), "click_id": clicks[i%len(clicks)]})
				prepared[i] = order{url: *base + "/api/v1/conversions/process", body: body}
				continue
			}
			body := []byte(fmt.Sprintf(`{"id":%d,"email":"c%d@example.com","currency":"RON","total_price":"149.90","created_at":"%s",`+
				`"discount_codes":[{"code":"INGEST%02d","amount":"10.00","type":"percentage"}],"landing_site":"/","note_attributes":[],"test":false,`+
				`"line_items":[{"id":1,"price":"166.56","quantity":1}]}`, 9_000_000_000_000+i, i, time.Now().Format(time.RFC3339), i%codes))
			signature := shopify.Sign(secret, body)
			if refused {
				signature = shopify.Sign(secret+"-not-the-shops", body)
			}
			prepared[i] = order{url: shopifyURL, body: body, signature: signature}
		}
		return prepared
	}
	send := func(o order, i int, refused bool) error {
		req, _ := http.NewRequest("POST", o.url, bytes.NewReader(o.body))
		if o.signature == "" {
			req.Header.Set("X-API-Key", key)
		} else {
			req.Header.Set("X-Shopify-Topic", "orders/create")
			req.Header.Set("X-Shopify-Webhook-Id", fmt.Sprintf("wh-%d-%d", stamp, i))
			req.Header.Set("X-Shopify-Hmac-Sha256", o.signature)
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		_ = resp.Body.Close()
		switch {
		case refused && resp.StatusCode != http.StatusBadRequest && resp.StatusCode != http.StatusUnauthorized:
			return fmt.Errorf("order %d: status %d; want it refused (400 or 401)", i, resp.StatusCode)
		case !refused && resp.StatusCode >= 300:
			return fmt.Errorf("order %d: status %d", i, resp.StatusCode)
		}
		return nil
	}
	// run sends n orders, each copies times at once, from the workers, and prints its line.
	run := func(n int, refused bool) {
		prepared := prepare(n, refused)
		before := api.Call("GET", "/conversions?limit=1", brand, nil)["total"].(float64)
		jobs := make(chan int, *workers)
		var failed atomic.Int64
		var wg sync.WaitGroup
		for range *workers {
			wg.Go(func() {
				for i := range jobs {
					if err := send(prepared[i], i, refused); err != nil && failed.Add(1) <= 3 {
						fmt.Fprintln(os.Stderr, err)
					}
				}
			})
		}
		start := time.Now()
		for i := range n {
			for range *copies {
				jobs <- i
			}
		}
		close(jobs)
		wg.Wait()
		elapsed := time.Since(start)

		stored := api.Call("GET", "/conversions?limit=1", brand, nil)["total"].(float64) - before
		want := n
		if refused {
			want = 0
		}
		fmt.Printf("orders %d copies %d workers %d seconds %.2f orders_per_s %.0f requests_per_s %.0f failed %d stored %.0f exactly_once %v refused %v\n",
			n, *copies, *workers, elapsed.Seconds(), float64(n)/elapsed.Seconds(), float64(n**copies)/elapsed.Seconds(),
			failed.Load(), stored, int(stored) == want && failed.Load() == 0, refused)
	}
	run(*orders, false)
	if *refusedN > 0 {
		run(*refusedN, true)
	}
}
