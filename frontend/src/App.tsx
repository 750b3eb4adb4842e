import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { FullScreenSpinner, RedirectIfSignedIn, RequireAuth } from './auth/RequireAuth';
import { preloadableLazy } from './preloadableLazy';
import { shellPaths } from './shell/pages';

/** The sign-in screen; main.tsx preloads it at startup when no session is stored. */
export const AuthPage = preloadableLazy(() => import('./pages/auth/AuthPage'));
const ResetPasswordPage = lazy(() => import('./pages/ResetPasswordPage'));
const ForgotPasswordPage = lazy(() => import('./pages/ForgotPasswordPage'));
const ConfirmEmailPage = lazy(() => import('./pages/ConfirmEmailPage'));
const UnsubscribePage = lazy(() => import('./pages/UnsubscribePage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
/** The shell; main.tsx preloads it at startup when a session is stored, alongside /auth/me. */
export const DashboardShell = preloadableLazy(() => import('./shell/DashboardShell'));

/** /docs is served by the server; a client-side visit goes to the static page. */
function DocsRedirect() {
  window.location.replace('/docs/index.html');
  return null;
}

export function App() {
  const shell = (
    <RequireAuth>
      <DashboardShell />
    </RequireAuth>
  );
  const authScreen = (
    <RedirectIfSignedIn>
      <AuthPage />
    </RedirectIfSignedIn>
  );
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Routes>
        <Route path="/auth" element={authScreen} />
        <Route path="/login" element={authScreen} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/confirm-email" element={<ConfirmEmailPage />} />
        <Route path="/unsubscribe" element={<UnsubscribePage />} />
        <Route path="/docs/*" element={<DocsRedirect />} />
        {shellPaths.map((path) => (
          <Route key={path} path={path === '/' ? path : `${path}/*`} element={shell} />
        ))}
        <Route path="/index.html" element={<Navigate to="/" replace />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
