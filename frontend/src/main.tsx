import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import './i18n/config';
import { createQueryClient } from './api/queryClient';
import { App } from './App';
import { AuthProvider } from './auth/AuthProvider';
import { AppErrorBoundary } from './errors/AppErrorBoundary';
import { CurrencyProvider } from './preferences/CurrencyProvider';
import { ThemeModeProvider } from './preferences/ThemeModeProvider';
import { ToastProvider } from './toasts/ToastProvider';

const queryClient = createQueryClient();

createRoot(document.getElementById('root') as HTMLElement).render(
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
);
