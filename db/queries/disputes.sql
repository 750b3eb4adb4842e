-- name: SetConversionHold :exec
-- Flags a conversion for review while its payment is disputed, or returns it to pending.
UPDATE conversions SET status = @status, flag_reason = @flag_reason, updated_at = now()
WHERE id = @id;
