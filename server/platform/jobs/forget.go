package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/riverqueue/river/rivertype"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/platform/dbtx"
)

// Forget replaces a job's arguments with keep once its work is done (or given up), so that what
// the work needed, a mail's link or address, does not stay in river_job with the finished job.
// River never writes a job's arguments again after inserting it, so they stay as Forget left them.
func Forget(ctx context.Context, db dbtx.DB, jobID int64, keep any) error {
	args, err := json.Marshal(keep)
	if err != nil {
		return err
	}
	if err := queries.New().ScrubJobArgs(ctx, db, queries.ScrubJobArgsParams{ID: jobID, Args: args}); err != nil {
		return fmt.Errorf("forget job %d's arguments: %w", jobID, err)
	}
	return nil
}

// ForgetWhenDone forgets the job's arguments (Forget) once its work is over: it succeeded (err is
// nil) or this was its last attempt. A failure to forget is logged, not returned: the work is done.
func ForgetWhenDone(ctx context.Context, db dbtx.DB, job *rivertype.JobRow, err error, keep any) {
	if err != nil && job.Attempt < job.MaxAttempts {
		return
	}
	if ferr := Forget(ctx, db, job.ID, keep); ferr != nil {
		slog.WarnContext(ctx, "a finished job's arguments were kept", "kind", job.Kind, "job", job.ID, "err", ferr)
	}
}
