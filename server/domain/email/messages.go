package email

import (
	"bytes"
	"fmt"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
)

// Templates: what each mail says, in the recipient's language (docs/product.md § 10).
const (
	PasswordReset       = "password_reset"
	EmailConfirmation   = "email_confirmation"
	EmailChanged        = "email_changed"
	ApplicationApproved = "application_approved"
	ApplicationRejected = "application_rejected"
	CampaignInvited     = "campaign_invited"
	PayoutCreated       = "payout_created"
	PayoutPaid          = "payout_paid"
	DomainUnverified    = "tracking_domain_unverified"
	CommissionDigest    = "commission_digest"
)

// Languages a mail is written in; the first is the default.
var Languages = []string{"ro", "en"}

// content is one mail in one language: each field a text/template over the job's Data.
type content struct {
	Subject string
	Heading string
	Lines   []string
	Action  string // the button's label; the link is Data["link"]
}

var catalog = map[string]map[string]content{
	PasswordReset: {
		"ro": {Subject: "Resetează-ți parola OpenAffiliate", Heading: "Resetarea parolei",
			Lines:  []string{"Bună, {{.name}}!", "Cineva (sperăm că tu) a cerut o parolă nouă pentru contul {{.email}}. Linkul de mai jos funcționează o oră și o singură dată.", "Dacă nu ai cerut tu, ignoră acest mesaj: parola ta rămâne aceeași."},
			Action: "Alege o parolă nouă"},
		"en": {Subject: "Reset your OpenAffiliate password", Heading: "Password reset",
			Lines:  []string{"Hello {{.name}},", "Someone (we hope you) asked for a new password for {{.email}}. The link below works for one hour, once.", "If it was not you, ignore this message: your password stays the same."},
			Action: "Choose a new password"},
	},
	EmailConfirmation: {
		"ro": {Subject: "Confirmă-ți adresa de email", Heading: "Confirmă adresa de email",
			Lines:  []string{"Bună, {{.name}}!", "Confirmă că {{.email}} este adresa ta, ca să primești emailurile platformei (aprobări, plăți, rezumatul comisioanelor). Linkul funcționează 7 zile."},
			Action: "Confirmă adresa"},
		"en": {Subject: "Confirm your email address", Heading: "Confirm your email address",
			Lines:  []string{"Hello {{.name}},", "Confirm that {{.email}} is yours to receive the platform's emails (approvals, payouts, the commission digest). The link works for 7 days."},
			Action: "Confirm the address"},
	},
	EmailChanged: {
		"ro": {Subject: "Adresa de email a contului tău OpenAffiliate s-a schimbat", Heading: "Adresă de email schimbată",
			Lines: []string{"Bună, {{.name}}!", "Adresa de email a contului tău OpenAffiliate s-a schimbat din {{.email}} în {{.new_email}}. De acum te autentifici cu noua adresă, iar linkurile de resetare a parolei trimise înainte nu mai funcționează.",
				"Dacă nu ai făcut tu schimbarea, scrie-i imediat administratorului platformei."}},
		"en": {Subject: "Your OpenAffiliate account's email changed", Heading: "Email address changed",
			Lines: []string{"Hello {{.name}},", "The email of your OpenAffiliate account changed from {{.email}} to {{.new_email}}. You now sign in with the new address, and the password reset links sent before no longer work.",
				"If you did not make this change, write to the platform's host at once."}},
	},
	ApplicationApproved: {
		"ro": {Subject: "{{.brand}} ți-a aprobat cererea de înscriere în „{{.campaign}}”", Heading: "Cerere de înscriere aprobată",
			Lines:  []string{"Vești bune: {{.brand}} ți-a aprobat cererea de înscriere în campania „{{.campaign}}”.", "Îți poți crea acum linkurile de urmărire."},
			Action: "Deschide campania"},
		"en": {Subject: "{{.brand}} approved your application to “{{.campaign}}”", Heading: "Application approved",
			Lines:  []string{"Good news: {{.brand}} approved your application to the campaign “{{.campaign}}”.", "You can now create your tracking links."},
			Action: "Open the campaign"},
	},
	ApplicationRejected: {
		"ro": {Subject: "{{.brand}} ți-a respins cererea de înscriere în „{{.campaign}}”", Heading: "Cerere de înscriere respinsă",
			Lines:  []string{"{{.brand}} nu ți-a aprobat cererea de înscriere în campania „{{.campaign}}”."},
			Action: "Vezi campaniile"},
		"en": {Subject: "{{.brand}} declined your application to “{{.campaign}}”", Heading: "Application declined",
			Lines:  []string{"{{.brand}} did not approve your application to the campaign “{{.campaign}}”."},
			Action: "See the campaigns"},
	},
	CampaignInvited: {
		"ro": {Subject: "{{.brand}} te invită în campania „{{.campaign}}”", Heading: "Invitație într-o campanie",
			Lines:  []string{"{{.brand}} te-a invitat în campania „{{.campaign}}”. Înscrie-te din Campanii: aprobarea este imediată."},
			Action: "Vezi invitația"},
		"en": {Subject: "{{.brand}} invites you to “{{.campaign}}”", Heading: "Campaign invitation",
			Lines:  []string{"{{.brand}} invited you to the campaign “{{.campaign}}”. Join it from Campaigns: you are approved at once."},
			Action: "See the invitation"},
	},
	PayoutCreated: {
		"ro": {Subject: "{{.brand}} pregătește o plată de {{.money}}", Heading: "Plată creată",
			Lines:  []string{"{{.brand}} a creat o plată de {{.money}} pentru comisioanele tale confirmate. Te anunțăm când este efectuată."},
			Action: "Vezi plățile"},
		"en": {Subject: "{{.brand}} is preparing a payout of {{.money}}", Heading: "Payout created",
			Lines:  []string{"{{.brand}} created a payout of {{.money}} for your confirmed commissions. We will tell you when it is paid."},
			Action: "See the payouts"},
	},
	PayoutPaid: {
		"ro": {Subject: "{{.brand}} ți-a plătit {{.money}}", Heading: "Plată efectuată",
			Lines:  []string{"{{.brand}} ți-a plătit {{.money}}{{if .reference}} (referința {{.reference}}){{end}}."},
			Action: "Vezi plățile"},
		"en": {Subject: "{{.brand}} paid you {{.money}}", Heading: "Payout paid",
			Lines:  []string{"{{.brand}} paid you {{.money}}{{if .reference}} (reference {{.reference}}){{end}}."},
			Action: "See the payouts"},
	},
	DomainUnverified: {
		"ro": {Subject: "{{.brand}}: domeniul de urmărire {{.hostname}} nu mai este verificat", Heading: "Domeniu de urmărire neverificat",
			Lines:  []string{"La verificarea zilnică, înregistrarea DNS care dovedește că {{.hostname}} este al tău nu mai exista, așa că linkurile nu mai folosesc acest domeniu.", "Pune înregistrarea înapoi și verifică domeniul din nou."},
			Action: "Deschide pagina Integrare"},
		"en": {Subject: "{{.brand}}: tracking domain {{.hostname}} is no longer verified", Heading: "Tracking domain unverified",
			Lines:  []string{"At the daily check, the DNS record that proves {{.hostname}} is yours was gone, so links no longer use this domain.", "Put the record back and verify the domain again."},
			Action: "Open the Integration page"},
	},
	CommissionDigest: {
		"ro": {Subject: "Comisioane confirmate pe {{.day}}", Heading: "Rezumatul zilei: comisioane confirmate",
			Lines:  []string{"Pe {{.day}} ți s-au confirmat comisioane:", "{{.summary}}"},
			Action: "Vezi conversiile"},
		"en": {Subject: "Commissions confirmed on {{.day}}", Heading: "Daily digest: confirmed commissions",
			Lines:  []string{"These commissions were confirmed for you on {{.day}}:", "{{.summary}}"},
			Action: "See the conversions"},
	},
}

// footer says why the mail came and how to stop it, in each language.
var footer = map[string]struct{ Why, Unsubscribe, Sent string }{
	"ro": {Why: "Primești acest email pentru că ai un cont OpenAffiliate.", Unsubscribe: "Nu mai primi acest tip de email", Sent: "Trimis de OpenAffiliate"},
	"en": {Why: "You receive this email because you have an OpenAffiliate account.", Unsubscribe: "Stop this kind of email", Sent: "Sent by OpenAffiliate"},
}

// rendered is a mail's subject and bodies.
type rendered struct{ Subject, Text, HTML string }

var layout = htmltemplate.Must(htmltemplate.New("mail").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><title>{{.Subject}}</title></head>
<body style="margin:0;padding:24px;background:#f5f6f8;font-family:Arial,Helvetica,sans-serif;color:#1c2025">
<main>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center">
<table role="presentation" width="560" cellspacing="0" cellpadding="0" style="background:#ffffff;border-radius:8px;padding:24px">
<tr><td><h1 style="font-size:20px;margin:0 0 16px">{{.Heading}}</h1>
{{range .Lines}}<p style="font-size:15px;line-height:1.5;margin:0 0 12px;white-space:pre-line">{{.}}</p>
{{end}}{{if .Link}}<p style="margin:20px 0"><a href="{{.Link}}" style="background:#1565c0;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">{{.Action}}</a></p>
<p style="font-size:12px;color:#5f6b7a;word-break:break-all">{{.Link}}</p>{{end}}
<hr style="border:none;border-top:1px solid #e3e6ea;margin:20px 0">
<p style="font-size:12px;color:#5f6b7a">{{.Why}}{{if .Unsubscribe}} <a href="{{.Unsubscribe}}" style="color:#5f6b7a">{{.UnsubscribeLabel}}</a>{{end}}<br>{{.Sent}}</p>
</td></tr></table></td></tr></table>
</main></body></html>
`))

// render writes template t in lang over data; link is the action's URL, unsubscribe the page that
// stops this kind of mail (empty for mails one cannot stop).
func render(t, lang string, data map[string]string, link, unsubscribe string) (rendered, error) {
	byLang, ok := catalog[t]
	if !ok {
		return rendered{}, fmt.Errorf("no mail template %q", t)
	}
	c, ok := byLang[lang]
	if !ok {
		lang = Languages[0]
		c = byLang[lang]
	}
	fill := func(s string) (string, error) {
		tpl, err := texttemplate.New("").Option("missingkey=zero").Parse(s)
		if err != nil {
			return "", err
		}
		var b strings.Builder
		if err := tpl.Execute(&b, data); err != nil {
			return "", err
		}
		return strings.ReplaceAll(b.String(), "<no value>", ""), nil
	}
	subject, err := fill(c.Subject)
	if err != nil {
		return rendered{}, err
	}
	heading, err := fill(c.Heading)
	if err != nil {
		return rendered{}, err
	}
	lines := make([]string, len(c.Lines))
	for i, l := range c.Lines {
		if lines[i], err = fill(l); err != nil {
			return rendered{}, err
		}
	}
	f := footer[lang]
	var text strings.Builder
	text.WriteString(heading + "\n\n")
	for _, l := range lines {
		text.WriteString(l + "\n\n")
	}
	if link != "" {
		text.WriteString(c.Action + ": " + link + "\n\n")
	}
	text.WriteString("-- \n" + f.Why + "\n")
	if unsubscribe != "" {
		text.WriteString(f.Unsubscribe + ": " + unsubscribe + "\n")
	}
	text.WriteString(f.Sent + "\n")

	var html bytes.Buffer
	err = layout.Execute(&html, map[string]any{
		"Lang": lang, "Subject": subject, "Heading": heading, "Lines": lines, "Link": link, "Action": c.Action,
		"Why": f.Why, "Unsubscribe": unsubscribe, "UnsubscribeLabel": f.Unsubscribe, "Sent": f.Sent,
	})
	if err != nil {
		return rendered{}, err
	}
	return rendered{Subject: subject, Text: text.String(), HTML: html.String()}, nil
}
