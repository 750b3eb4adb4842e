// Package activity writes the activity log: who did what to which object, in the same
// transaction as the change itself.
package activity

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"

	"github.com/openaffiliate/platform/gen/queries"
)

// Log records one action; actor is uuid.Nil for the operator or an API key.
func Log(ctx context.Context, db queries.DBTX, actor uuid.UUID, action, entityType, entityID string, details map[string]any) error {
	if details == nil {
		details = map[string]any{}
	}
	raw, err := json.Marshal(details)
	if err != nil {
		return err
	}
	return queries.New().LogActivity(ctx, db, queries.LogActivityParams{
		ActorID: uuid.NullUUID{UUID: actor, Valid: actor != uuid.Nil}, Action: action,
		EntityType: entityType, EntityID: entityID, Details: raw,
	})
}
