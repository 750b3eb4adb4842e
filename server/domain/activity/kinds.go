package activity

import "strings"

// Kind is what an entry records: an action on a type of object. The activity feed shows one
// sentence per kind, so every kind the server writes is declared here, and only here (its
// fields are unexported): TestEveryKindHasASentence checks both languages against Kinds().
type Kind struct {
	entity, action string
	hostOnly       bool // an entry for the host alone: no brand's or affiliate's, whatever its object
}

var kinds []Kind

func kind(entity, action string) Kind { return declare(Kind{entity: entity, action: action}) }

// hostKind is a kind whose entries only the host reads.
func hostKind(entity, action string) Kind {
	return declare(Kind{entity: entity, action: action, hostOnly: true})
}

func declare(k Kind) Kind {
	kinds = append(kinds, k)
	return k
}

// Kinds answers every kind the server can write, in declaration order.
func Kinds() []Kind { return append([]Kind(nil), kinds...) }

// Action is the code stored in activity_log.action.
func (k Kind) Action() string { return k.action }

// Entity is the object's type stored in activity_log.entity_type.
func (k Kind) Entity() string { return k.entity }

// SentenceKey is the kind's sentence under analytics:activity.sentences in the frontend's locales.
func (k Kind) SentenceKey() string { return k.entity + "." + strings.ReplaceAll(k.action, ".", "_") }

// The kinds, grouped by object.
var (
	UserSignedUp           = kind("user", "signup")
	UserCreatedHost        = kind("user", "create_host")
	UserUpdatedProfile     = kind("user", "update_profile")
	UserChangedPassword    = kind("user", "change_password")
	UserCreatedResetLink   = kind("user", "create_reset_link")
	UserResetPassword      = kind("user", "reset_password")
	UserRequestedReset     = kind("user", "request_reset")
	UserConfirmedEmail     = kind("user", "confirm_email")
	BrandCreated           = kind("brand", "create")
	BrandSetUp             = kind("brand", "setup")
	BrandUpdated           = kind("brand", "update")
	BrandDeleted           = kind("brand", "delete")
	BrandRotatedSecret     = kind("brand", "rotate_webhook_secret")
	BrandSetSecret         = kind("brand", "set_webhook_secret")
	BrandSetStripeSecret   = kind("brand", "set_stripe_secret")
	BrandClearStripeSecret = kind("brand", "clear_stripe_secret")
	BrandSetDomains        = kind("brand", "set_domains")
	TrackingDomainSet      = kind("brand", "set_tracking_domain")
	TrackingDomainRemoved  = kind("brand", "remove_tracking_domain")
	TrackingDomainChecked  = kind("brand", "check_tracking_domain")
	WebhookEndpointCreated = kind("brand", "create_webhook_endpoint")
	WebhookEndpointUpdated = kind("brand", "update_webhook_endpoint")
	WebhookEndpointDeleted = kind("brand", "delete_webhook_endpoint")
	WebhookSecretRotated   = kind("brand", "rotate_webhook_endpoint_secret")
	// WebhookPreviousSecretEnded: a brand stopped its rotated-out secret from signing before the overlap ended.
	WebhookPreviousSecretEnded = kind("brand", "end_previous_webhook_endpoint_secret")
	WebhookEndpointDisabled    = kind("brand", "disable_webhook_endpoint")
	APIKeyCreated              = kind("api_key", "create")
	APIKeyRevoked              = kind("api_key", "revoke")
	AffiliateCreated           = kind("affiliate", "create")
	AffiliateUpdated           = kind("affiliate", "update")
	AffiliateDeleted           = kind("affiliate", "delete")
	AffiliateInviteLink        = kind("affiliate", "create_invite_link")
	CampaignCreated            = kind("campaign", "create")
	CampaignUpdated            = kind("campaign", "update")
	CampaignDeleted            = kind("campaign", "delete")
	CampaignJoined             = kind("campaign", "join")
	CampaignInvited            = kind("campaign", "invite")
	ApplicationApproved        = kind("application", "approved")
	ApplicationRejected        = kind("application", "rejected")
	LinkCreated                = kind("tracking_link", "create")
	LinkUpdated                = kind("tracking_link", "update")
	LinkDeleted                = kind("tracking_link", "delete")
	CodeCreated                = kind("discount_code", "create")
	CodeUpdated                = kind("discount_code", "update")
	CodeDeleted                = kind("discount_code", "delete")
	ConversionRecorded         = kind("conversion", "conversion.recorded")
	ConversionOrderShared      = hostKind("conversion", "conversion.order_id_shared") // the host alone is told (openapi.yaml)
	ConversionConfirmed        = kind("conversion", "conversion.confirm")
	ConversionRejected         = kind("conversion", "conversion.reject")
	ConversionReversed         = kind("conversion", "conversion.reverse")
	ConversionAdjusted         = kind("conversion", "conversion.adjust")
	ConversionDeleted          = kind("conversion", "conversion.delete")
	ConversionRefunded         = kind("conversion", "conversion.refunded")
	ConversionRefundIgnored    = kind("conversion", "conversion.refund_ignored")
	ConversionDisputed         = kind("conversion", "conversion.disputed")
	ConversionDisputeWon       = kind("conversion", "conversion.dispute_won")
	PayoutCreated              = kind("payout", "payout.created")
	PayoutPaid                 = kind("payout", "payout.paid")
	PayoutCancelled            = kind("payout", "payout.cancelled")
	RatesChanged               = kind("currency_rates", "currency.rates")
	EmergencySet               = kind("platform", "emergency.set")
	CampaignsPaused            = kind("platform", "emergency.campaigns_paused")
	CampaignsResumed           = kind("platform", "emergency.campaigns_resumed")
)
