// Package activity writes the activity log: who did what to which object, in the same
// transaction as the change itself.
package activity

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/google/uuid"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/platform/dbtx"
)

// Log records one action on one object; actor is uuid.Nil for the operator, an API key or the
// system. It is the log's one writer: the entry is the tenant's of its object (else its actor's),
// and no tenant's for a kind only the host reads.
func Log(ctx context.Context, db dbtx.DB, actor uuid.UUID, k Kind, entityID string, details map[string]any) error {
	if k.action == "" {
		return errors.New("activity: an entry needs a kind")
	}
	if details == nil {
		details = map[string]any{}
	}
	raw, err := json.Marshal(details)
	if err != nil {
		return err
	}
	return queries.New().LogActivity(ctx, db, queries.LogActivityParams{
		ActorID: uuid.NullUUID{UUID: actor, Valid: actor != uuid.Nil}, Action: k.action,
		EntityType: k.entity, EntityID: entityID, Details: raw, HostOnly: k.hostOnly, EntityUuid: entityUUID(entityID),
	})
}

// entityUUID answers the entity id when it is a UUID in its canonical form, the form ids are
// written in (the log's lookup of whose entry it is reads objects by it).
func entityUUID(id string) uuid.NullUUID {
	u, err := uuid.Parse(id)
	if err != nil || u.String() != id {
		return uuid.NullUUID{}
	}
	return uuid.NullUUID{UUID: u, Valid: true}
}
