package api

import "github.com/openaffiliate/platform/gen/oapi"

// emailPreferencesOf is a user's email settings as the API answers them.
func emailPreferencesOf(enabled, confirmed bool, language string, muted []string) oapi.EmailPreferencesResponse {
	out := oapi.EmailPreferencesResponse{Success: true}
	out.Data.Enabled = enabled
	out.Data.Confirmed = confirmed
	out.Data.Language = oapi.MailLanguage(language)
	out.Data.Muted = make([]oapi.EmailKind, len(muted))
	for i, k := range muted {
		out.Data.Muted[i] = oapi.EmailKind(k)
	}
	return out
}
