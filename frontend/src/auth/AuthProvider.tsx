import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/fetcher';
import { devLogin, getGetMeQueryKey, getMe, login, logout as revokeToken, signup } from '../api/generated/auth/auth';
import type { AccountType, AuthResponse, SignupRequest, User } from '../api/generated/model';
import { useToast } from '../toasts/ToastProvider';
import { clearSession, storedToken, storeSession } from './session';

/** What a sign-in or sign-up attempt tells the form: nothing on success, else the message to show. */
export type AuthOutcome = { ok: true; message: string } | { ok: false; message: string };

interface AuthContextValue {
  user: User | null;
  loading: boolean;
  signIn: (email: string, password: string) => Promise<AuthOutcome>;
  signUp: (request: SignupRequest) => Promise<AuthOutcome>;
  signInAsDemo: (accountType: AccountType) => Promise<AuthOutcome>;
  signOut: () => Promise<void>;
  /** Fetches the current user again (after a profile change); a failure keeps the one shown. */
  refreshUser: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError ? error.status === 0 : true;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['common', 'auth']);
  const toast = useToast();
  const queryClient = useQueryClient();
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(() => storedToken() !== null);

  useEffect(() => {
    if (!storedToken()) return;
    let cancelled = false;
    getMe()
      .then((response) => {
        if (!cancelled) setUser(response.data.user);
      })
      .catch(() => {
        if (cancelled) return;
        clearSession();
        setUser(null);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const accept = useCallback((response: AuthResponse, devAccountType?: AccountType) => {
    storeSession(response.data.jwt, devAccountType);
    setUser(response.data.user);
  }, []);

  const attempt = useCallback(
    async (
      call: () => Promise<AuthResponse>,
      texts: { success: string; fallback: string; network: string },
      devAccountType?: AccountType,
    ): Promise<AuthOutcome> => {
      try {
        const response = await call();
        accept(response, devAccountType);
        toast({ message: texts.success, severity: 'success' });
        return { ok: true, message: response.message || texts.success };
      } catch (error) {
        if (isNetworkFailure(error)) {
          toast({ message: texts.network, severity: 'error' });
          return { ok: false, message: texts.fallback };
        }
        const apiError = error as ApiError;
        return { ok: false, message: apiError.fromServer ? apiError.message : texts.fallback };
      }
    },
    [accept, toast],
  );

  const signIn = useCallback(
    (email: string, password: string) =>
      attempt(() => login({ email, password }), {
        success: t('common:toasts.loginSuccess'),
        fallback: t('auth:signIn.failed'),
        network: t('common:toasts.loginNetworkError'),
      }),
    [attempt, t],
  );

  const signUp = useCallback(
    (request: SignupRequest) =>
      attempt(() => signup(request), {
        success: t('common:toasts.signupSuccess'),
        fallback: t('auth:signUp.failed'),
        network: t('common:toasts.signupNetworkError'),
      }),
    [attempt, t],
  );

  const signInAsDemo = useCallback(
    (accountType: AccountType) =>
      attempt(
        () => devLogin({ accountType }),
        {
          success: t('common:toasts.loginSuccess'),
          fallback: t('auth:signIn.failed'),
          network: t('common:toasts.loginNetworkError'),
        },
        accountType,
      ),
    [attempt, t],
  );

  const signOut = useCallback(async () => {
    try {
      await revokeToken();
    } catch {
      // The token is dropped locally either way; an already revoked one answers 401.
    }
    clearSession();
    setUser(null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'display-currency-rates' });
    toast({ message: t('common:toasts.logoutSuccess'), severity: 'success' });
  }, [queryClient, t, toast]);

  const refreshUser = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() });
    try {
      const response = await getMe();
      setUser(response.data.user);
    } catch {
      // The session check at start-up handles a token that stopped working.
    }
  }, [queryClient]);

  const value = useMemo(
    () => ({ user, loading, signIn, signUp, signInAsDemo, signOut, refreshUser }),
    [user, loading, signIn, signUp, signInAsDemo, signOut, refreshUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider');
  return value;
}
