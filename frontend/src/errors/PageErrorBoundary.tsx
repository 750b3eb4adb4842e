import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function PageErrorFallback({ page, onReload }: { page: string; onReload: () => void }) {
  const { t } = useTranslation('errors');
  return (
    <Alert severity="error" data-testid="page-error" sx={{ m: 2 }}>
      <AlertTitle>{t('page.title', { page })}</AlertTitle>
      {t('page.message')}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button size="small" variant="contained" color="error" onClick={onReload}>
          {t('page.reload')}
        </Button>
        <Button size="small" color="error" href="/">
          {t('page.home')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** Keeps the shell usable when one page fails: 'Error Loading {page}' with Reload and Go Home. */
export class PageErrorBoundary extends Component<{ page: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`page ${this.props.page} failed`, error, info.componentStack);
  }

  componentDidUpdate(previous: { page: string }) {
    if (previous.page !== this.props.page && this.state.failed) this.setState({ failed: false });
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return <PageErrorFallback page={this.props.page} onReload={() => window.location.reload()} />;
  }
}
