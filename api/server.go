// Package api implements the generated strict server interface: each file maps one tag's
// requests to calls and their results to responses.
package api

import (
	"context"
	"net"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/accounts"
	"github.com/openaffiliate/platform/server/domain/affiliates"
	"github.com/openaffiliate/platform/server/domain/analytics"
	"github.com/openaffiliate/platform/server/domain/apikeys"
	"github.com/openaffiliate/platform/server/domain/applications"
	"github.com/openaffiliate/platform/server/domain/brands"
	"github.com/openaffiliate/platform/server/domain/campaigns"
	"github.com/openaffiliate/platform/server/domain/conversions"
	"github.com/openaffiliate/platform/server/domain/discountcodes"
	"github.com/openaffiliate/platform/server/domain/email"
	"github.com/openaffiliate/platform/server/domain/emergency"
	"github.com/openaffiliate/platform/server/domain/export"
	"github.com/openaffiliate/platform/server/domain/links"
	"github.com/openaffiliate/platform/server/domain/notify"
	"github.com/openaffiliate/platform/server/domain/payouts"
	"github.com/openaffiliate/platform/server/domain/shopify"
	"github.com/openaffiliate/platform/server/domain/stripe"
	"github.com/openaffiliate/platform/server/domain/trackingdomains"
	"github.com/openaffiliate/platform/server/domain/webhooks"
	"github.com/openaffiliate/platform/server/domain/woocommerce"
	"github.com/openaffiliate/platform/server/platform/auth"
	"github.com/openaffiliate/platform/server/platform/daterange"
	"github.com/openaffiliate/platform/server/platform/jobs"
)

// Server holds what the handlers need.
type Server struct {
	Pool            *pgxpool.Pool
	Accounts        *accounts.Service
	Analytics       *analytics.Service
	Brands          *brands.Service
	APIKeys         *apikeys.Service
	Affiliates      *affiliates.Service
	Campaigns       *campaigns.Service
	Applications    *applications.Service
	Links           *links.Service
	DiscountCodes   *discountcodes.Service
	TrackingDomains *trackingdomains.Service
	Conversions     *conversions.Service
	Shopify         *shopify.Service
	WooCommerce     *woocommerce.Service
	Stripe          *stripe.Service
	Payouts         *payouts.Service
	Webhooks        *webhooks.Service
	Notify          *notify.Service
	Email           *email.Service // nil while email is off (no SMTP_URL)
	Emergency       *emergency.Service
	Export          *export.Service
	Jobs            *jobs.Runner       // background jobs: the host's counts (server/platform/jobs)
	Calendar        daterange.Calendar // the days of every range parameter, on the server's clock
	Tokens          *auth.Tokens
	HashIP          func(ip string) string
	DemoAccounts    bool // dev mode on a loopback PUBLIC_URL: dev-login and the demo accounts work
	PublicURL       string
	Version         string
}

var _ oapi.StrictServerInterface = (*Server)(nil)

type clientIPKey struct{}

// WithClientIP stores the caller's address in a request context (set by the server's middleware).
func WithClientIP(ctx context.Context, ip string) context.Context {
	return context.WithValue(ctx, clientIPKey{}, ip)
}

func clientIP(ctx context.Context) string {
	ip, _ := ctx.Value(clientIPKey{}).(string)
	return ip
}

type peerKey struct{}

// WithPeer stores the address of the request's connection itself (its RemoteAddr, never a
// forwarded header) in a request context (set by the server's middleware).
func WithPeer(ctx context.Context, remoteAddr string) context.Context {
	return context.WithValue(ctx, peerKey{}, remoteAddr)
}

// peerIsLoopback reports whether the request's connection comes from the loopback interface.
func peerIsLoopback(ctx context.Context) bool {
	addr, _ := ctx.Value(peerKey{}).(string)
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// client is the caller as the account limits see it: its address's group (an IPv6 address's /64),
// hashed, and whether its connection is loopback.
func (s *Server) client(ctx context.Context) accounts.Client {
	return accounts.Client{AddressKey: s.HashIP(accounts.AddressGroup(clientIP(ctx))), Loopback: peerIsLoopback(ctx)}
}
