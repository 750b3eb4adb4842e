import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient } from './api/queryClient';
import { App, loadAuthPage, loadDashboardShell } from './App';
import { AuthProvider, checkStoredSessionEarly } from './auth/AuthProvider';
import { storedAccountTypeHint, storedToken } from './auth/session';
import { AppErrorBoundary } from './errors/AppErrorBoundary';
import { CurrencyProvider } from './preferences/CurrencyProvider';
import { ThemeModeProvider } from './preferences/ThemeModeProvider';
import { ToastProvider } from './toasts/ToastProvider';
import { i18nReady } from './i18n/config';
import { preloadPage, shellPaths } from './shell/pages';

const queryClient = createQueryClient();

// A cold load starts everything its first screen needs now, in parallel with the language's chunk
// (i18n/config.ts), rather than one after the other from the first render on. A stored session will
// most likely show the shell: the session check (/auth/me), the shell's code and the page's (for the
// account type the token names). Without one, the shell's paths send to the sign-in screen.
const path = window.location.pathname;
const accountType = storedAccountTypeHint();
if (storedToken()) {
  checkStoredSessionEarly();
  void loadDashboardShell().catch(() => undefined);
  if (accountType) preloadPage(path, accountType);
} else if (path === '/auth' || path === '/login' || shellPaths.some((shellPath) => path === shellPath || path.startsWith(`${shellPath}/`))) {
  void loadAuthPage().catch(() => undefined);
}

// The first render waits for the active language's texts (one small chunk). It is a transition, which
// React renders in slices of a few milliseconds instead of one long task that blocks input.
const root = createRoot(document.getElementById('root') as HTMLElement);
void i18nReady.finally(() => startTransition(() => root.render(
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
