import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient } from './api/queryClient';
import { App, loadDashboardShell } from './App';
import { AuthProvider } from './auth/AuthProvider';
import { storedToken } from './auth/session';
import { AppErrorBoundary } from './errors/AppErrorBoundary';
import { CurrencyProvider } from './preferences/CurrencyProvider';
import { ThemeModeProvider } from './preferences/ThemeModeProvider';
import { ToastProvider } from './toasts/ToastProvider';
import { i18nReady } from './i18n/config';

const queryClient = createQueryClient();

// A stored session will most likely show the dashboard: fetch the shell's code now, in parallel with
// the language chunk and the session check (/auth/me), rather than after them.
if (storedToken()) void loadDashboardShell().catch(() => undefined);

// The first render waits for the active language's texts (one small chunk).
void i18nReady.finally(() => createRoot(document.getElementById('root') as HTMLElement).render(
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
));
