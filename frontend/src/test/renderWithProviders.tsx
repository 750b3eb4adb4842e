import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthProvider } from '../auth/AuthProvider';
import { CurrencyProvider } from '../preferences/CurrencyProvider';
import { ThemeModeProvider } from '../preferences/ThemeModeProvider';
import { ToastProvider } from '../toasts/ToastProvider';

/** Renders a screen inside the app's providers at a path (and a given query client); other paths render their name. */
export function renderWithProviders(
  element: ReactElement,
  {
    path = '/',
    route = '/',
    client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  }: { path?: string; route?: string; client?: QueryClient } = {},
) {
  return render(
    <ThemeModeProvider>
      <QueryClientProvider client={client}>
        <ToastProvider>
          <CurrencyProvider>
            <MemoryRouter initialEntries={[route]}>
              <AuthProvider>
                <Routes>
                  <Route path={path} element={element} />
                  <Route path="*" element={<div data-testid="elsewhere">elsewhere</div>} />
                </Routes>
              </AuthProvider>
            </MemoryRouter>
          </CurrencyProvider>
        </ToastProvider>
      </QueryClientProvider>
    </ThemeModeProvider>,
  );
}

export function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
