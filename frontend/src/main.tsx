import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient } from './api/queryClient';
import { App, AuthPage, DashboardShell } from './App';
import { AuthProvider, checkStoredSessionEarly } from './auth/AuthProvider';
import { storedAccountTypeHint, storedToken } from './auth/session';
import { AppErrorBoundary } from './errors/AppErrorBoundary';
import { getGetSystemConfigQueryOptions } from './api/generated/system/system';
import { CurrencyProvider } from './preferences/CurrencyProvider';
import { displayRatesQuery, storedCurrency } from './preferences/currencyRates';
import { ThemeModeProvider } from './preferences/ThemeModeProvider';
import { ToastProvider } from './toasts/ToastProvider';
import { i18nReady } from './i18n/config';
import { preloadPage, shellPaths } from './shell/pages';

const queryClient = createQueryClient();

// A cold load starts everything its first screen needs now, in parallel with the language's chunk
// (i18n/config.ts), rather than one after the other from the first render on. A stored session will
// most likely show the shell: the session check (/auth/me), the shell's code and the page's (for the
// account type the token names), and the queries the shell and that page show first: their answers
// then come with the code, not one round trip after the first render. Without one, the shell's paths
// send to the sign-in screen.
const path = window.location.pathname;
const accountType = storedAccountTypeHint();
let sessionChecked: Promise<unknown> = Promise.resolve();
if (storedToken()) {
  sessionChecked = checkStoredSessionEarly();
  void DashboardShell.preload().catch(() => undefined);
  void queryClient.prefetchQuery(getGetSystemConfigQueryOptions());
  void queryClient.prefetchQuery(displayRatesQuery);
  if (accountType) void preloadPage(path, accountType, { client: queryClient, currency: storedCurrency() }).catch(() => undefined);
} else if (path === '/auth' || path === '/login' || shellPaths.some((shellPath) => path === shellPath || path.startsWith(`${shellPath}/`))) {
  void AuthPage.preload().catch(() => undefined);
}

// The first render waits for the active language's texts (one small chunk) and the session check's
// answer (requested at the same moment), so that it shows the screen the user gets, not a spinner
// first; a slow answer waits for at most a second. It renders as a transition, which React splits
// into slices of a few milliseconds instead of one long task that blocks input.
const SESSION_WAIT_MS = 1_000;
const root = createRoot(document.getElementById('root') as HTMLElement);
const sessionOrTimeout = Promise.race([sessionChecked, new Promise((resolve) => setTimeout(resolve, SESSION_WAIT_MS))]);
void Promise.allSettled([i18nReady, sessionOrTimeout]).then(() => startTransition(() => root.render(
  <StrictMode>
    <ThemeModeProvider>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <CurrencyProvider>
              <BrowserRouter>
                <AuthProvider>
                  <App />
                </AuthProvider>
              </BrowserRouter>
            </CurrencyProvider>
          </ToastProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </ThemeModeProvider>
  </StrictMode>,
)));
