package tracking

import (
	"net/url"
	"strings"
	"testing"
)

func TestWithClickID(t *testing.T) {
	for dest, want := range map[string]string{
		"https://shop.example.com":                        "https://shop.example.com?aff_click=ID",
		"https://shop.example.com/p?x=1&y=a%20b":          "https://shop.example.com/p?x=1&y=a%20b&aff_click=ID",
		"https://shop.example.com/p?aff_click=old&x=1":    "https://shop.example.com/p?x=1&aff_click=ID",
		"https://shop.example.com/p?b=2&a=1#section":      "https://shop.example.com/p?b=2&a=1&aff_click=ID#section",
		"https://shop.example.com/p?":                     "https://shop.example.com/p?aff_click=ID",
		"https://shop.example.com/p?flag&utm_source=news": "https://shop.example.com/p?flag&utm_source=news&aff_click=ID",
	} {
		got, err := WithClickID(dest, "ID")
		if err != nil || got != want {
			t.Errorf("WithClickID(%q) = %q, %v; want %q", dest, got, err, want)
		}
	}
}

// FuzzWithClickID: whatever the destination, the result keeps its other parameters in order and
// carries exactly one aff_click with the click id.
func FuzzWithClickID(f *testing.F) {
	for _, seed := range []string{"https://a.example.com", "https://a.example.com/p?x=1&y=2", "https://a.example.com/?aff_click=1&aff_click=2",
		"https://a.example.com/p?q=%ZZ", "https://a.example.com/p?&&x=%20#frag", "https://a.example.com/p?aff%5Fclick=3"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, dest string) {
		u, err := url.Parse(dest)
		if err != nil {
			return
		}
		got, err := WithClickID(dest, "0193-id")
		if err != nil {
			t.Fatalf("WithClickID(%q): %v", dest, err)
		}
		out, err := url.Parse(got)
		if err != nil {
			t.Fatalf("result %q does not parse: %v", got, err)
		}
		var ids []string
		for _, part := range strings.Split(out.RawQuery, "&") {
			k, v, _ := strings.Cut(part, "=")
			if key, err := url.QueryUnescape(k); err == nil && key == ClickParam {
				ids = append(ids, v)
			}
		}
		if len(ids) != 1 || ids[0] != "0193-id" {
			t.Fatalf("%q -> %q: aff_click values %v", dest, got, ids)
		}
		if out.Host != u.Host || out.Path != u.Path || out.Fragment != u.Fragment {
			t.Fatalf("%q -> %q changed more than the query", dest, got)
		}
		// Every other non-empty parameter is kept, in order.
		var before, after []string
		for _, part := range strings.Split(u.RawQuery, "&") {
			k, _, _ := strings.Cut(part, "=")
			if key, err := url.QueryUnescape(k); part != "" && (err != nil || key != ClickParam) {
				before = append(before, part)
			}
		}
		for _, part := range strings.Split(out.RawQuery, "&") {
			k, _, _ := strings.Cut(part, "=")
			if key, err := url.QueryUnescape(k); part != "" && (err != nil || key != ClickParam) {
				after = append(after, part)
			}
		}
		if strings.Join(before, "&") != strings.Join(after, "&") {
			t.Fatalf("%q -> %q: parameters %v became %v", dest, got, before, after)
		}
	})
}

func TestIsBot(t *testing.T) {
	for _, ua := range []string{"", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "facebookexternalhit/1.1",
		"curl/8.5.0", "python-requests/2.31", "Slackbot-LinkExpanding 1.0", "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/120.0"} {
		if !IsBot(ua) {
			t.Errorf("IsBot(%q) = false", ua)
		}
	}
	for _, ua := range []string{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"} {
		if IsBot(ua) {
			t.Errorf("IsBot(%q) = true", ua)
		}
	}
}

// IsBot runs on every click: it must not allocate.
func TestIsBotDoesNotAllocate(t *testing.T) {
	ua := "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"
	if n := testing.AllocsPerRun(100, func() { IsBot(ua) }); n != 0 {
		t.Errorf("IsBot allocates %v times", n)
	}
}
