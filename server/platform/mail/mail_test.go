package mail

import "testing"

func TestParseURL(t *testing.T) {
	from := "OpenAffiliate <no-reply@example.com>"
	for _, c := range []struct {
		raw  string
		want Config
	}{
		{"smtp://mailpit:1025?tls=none", Config{Host: "mailpit", Port: 1025, TLS: TLSNone, From: from}},
		{"smtp://user:p%40ss@smtp.example.com", Config{Host: "smtp.example.com", Port: 587, TLS: TLSStartTLS, Username: "user", Password: "p@ss", From: from}},
		{"smtp://smtp.example.com?tls=tls", Config{Host: "smtp.example.com", Port: 465, TLS: TLSImplicit, From: from}},
	} {
		got, err := ParseURL(c.raw, from)
		if err != nil || got != c.want {
			t.Errorf("%s: %+v, %v; want %+v", c.raw, got, err, c.want)
		}
	}
	for _, raw := range []string{"http://smtp.example.com", "smtp://", "smtp://h?tls=maybe", "smtp://h:0", "smtp://h:99999"} {
		if _, err := ParseURL(raw, from); err == nil {
			t.Errorf("%s: accepted", raw)
		}
	}
	if _, err := ParseURL("smtp://h", ""); err == nil {
		t.Error("accepted without MAIL_FROM")
	}
	if _, err := ParseURL("smtp://h", "not an address"); err == nil {
		t.Error("accepted a MAIL_FROM that is no address")
	}
}
