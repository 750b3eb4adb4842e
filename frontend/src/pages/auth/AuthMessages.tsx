import { Alert, Stack } from '@mui/material';

export interface AuthMessagesState {
  error?: string;
  success?: string;
  info?: string;
}

/** The red, green and neutral boxes above the auth form. */
export function AuthMessages({ error, success, info }: AuthMessagesState) {
  if (!error && !success && !info) return null;
  return (
    <Stack spacing={1}>
      {error && (
        <Alert severity="error" data-testid="auth-error">
          {error}
        </Alert>
      )}
      {success && (
        <Alert severity="success" data-testid="auth-success">
          {success}
        </Alert>
      )}
      {info && (
        <Alert severity="info" data-testid="auth-info">
          {info}
        </Alert>
      )}
    </Stack>
  );
}
