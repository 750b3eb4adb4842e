import { useQueryClient } from '@tanstack/react-query';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contractLimits } from '../api/contractLimits';
import { errorMessage, type RefusalTexts } from '../api/errors';
import { ApiError } from '../api/fetcher';
import { getGetMeQueryKey, getMe, useDevLogin, useLogin, useLogout, useSignup } from '../api/generated/auth/auth';
import type { AccountType, AuthResponse, SignupRequest, User } from '../api/generated/model';
import { DISPLAY_RATES_QUERY_KEY } from '../preferences/currencyRates';
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
  /** True while a sign-in, sign-up or demo sign-in is under way. */
  signingIn: boolean;
  /** Fetches the current user again (after a profile change); a failure keeps the one shown. */
  refreshUser: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** The session check main.tsx starts before the first render, for the token it was started with. */
let earlySession: { token: string; check: ReturnType<typeof getMe>; user?: User | null } | null = null;

/**
 * Starts the stored session's check (/auth/me) before the first render, in parallel with the
 * language's texts and the first screen's code. Resolves when it has answered (an unknown or
 * refused session answers no user); an AuthProvider mounted after that starts with the answer.
 */
export function checkStoredSessionEarly(): Promise<void> {
  const token = storedToken();
  if (!token) return Promise.resolve();
  const session: NonNullable<typeof earlySession> = { token, check: getMe() };
  earlySession = session;
  return session.check.then(
    (response) => {
      session.user = response.data.user;
    },
    () => {
      session.user = null;
    },
  );
}

/** The early check, if it was started for the token stored now. */
function earlySessionFor(token: string | null) {
  return token !== null && earlySession?.token === token ? earlySession : null;
}

function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError ? error.status === 0 : true;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['common', 'auth']);
  const toast = useToast();
  const queryClient = useQueryClient();
  // With the early check answered, the first render shows the right screen (no spinner first).
  const [user, setUser] = useState<User | null>(() => earlySessionFor(storedToken())?.user ?? null);
  const [loading, setLoading] = useState(() => storedToken() !== null && earlySessionFor(storedToken())?.user === undefined);
  const loginMutation = useLogin();
  const signupMutation = useSignup();
  const devLoginMutation = useDevLogin();
  const logoutMutation = useLogout();
  const signingIn = loginMutation.isPending || signupMutation.isPending || devLoginMutation.isPending;

  useEffect(() => {
    const token = storedToken();
    if (!token) return;
    const early = earlySessionFor(token);
    if (early?.user === null) clearSession(); // answered before the first render: a refused session
    if (early?.user !== undefined) return;
    let cancelled = false;
    // The answer renders the shell and its page: as a transition, which React renders in short
    // slices, so the main thread stays free for input instead of one long task.
    const settle = (next: User | null) => {
      startTransition(() => {
        setUser(next);
        setLoading(false);
      });
    };
    (early?.check ?? getMe()).then(
      (response) => {
        if (!cancelled) settle(response.data.user);
      },
      () => {
        if (cancelled) return;
        clearSession();
        settle(null);
      },
    );
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
      texts: { success: string; fallback: string; network: string; refusal?: RefusalTexts },
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
        return { ok: false, message: apiError.fromServer ? errorMessage(apiError, texts.fallback, texts.refusal) : texts.fallback };
      }
    },
    [accept, toast],
  );

  const signIn = useCallback(
    (email: string, password: string) =>
      attempt(() => loginMutation.mutateAsync({ data: { email, password } }), {
        success: t('common:toasts.loginSuccess'),
        fallback: t('auth:signIn.failed'),
        network: t('common:toasts.loginNetworkError'),
        refusal: { codes: { UNAUTHORIZED: t('auth:signIn.invalidCredentials') } },
      }),
    [attempt, loginMutation, t],
  );

  const signUp = useCallback(
    (request: SignupRequest) =>
      attempt(() => signupMutation.mutateAsync({ data: request }), {
        success: t('common:toasts.signupSuccess'),
        fallback: t('auth:signUp.failed'),
        network: t('common:toasts.signupNetworkError'),
        refusal: {
          fields: {
            email: { label: t('auth:fields.email'), limits: contractLimits.SignupRequest.email, invalid: t('auth:signUp.emailInvalid'), taken: t('auth:signUp.emailTaken') },
            password: { label: t('auth:fields.password'), limits: contractLimits.SignupRequest.password },
            firstName: { label: t('auth:fields.firstName'), limits: contractLimits.SignupRequest.firstName },
            lastName: { label: t('auth:fields.lastName'), limits: contractLimits.SignupRequest.lastName },
            companyName: { label: t('auth:fields.companyName'), limits: contractLimits.SignupRequest.companyName, invalid: t('auth:signUp.companyRequired') },
            preferredBrandId: {
              label: t('auth:fields.brandId'),
              limits: contractLimits.SignupRequest.preferredBrandId,
              invalid: t('auth:signUp.brandIdInvalid'),
              taken: t('auth:signUp.brandIdTaken'),
            },
            domain: { label: t('auth:fields.domain'), limits: contractLimits.SignupRequest.domain, invalid: t('auth:signUp.domainInvalid') },
          },
        },
      }),
    [attempt, signupMutation, t],
  );

  const signInAsDemo = useCallback(
    (accountType: AccountType) =>
      attempt(
        () => devLoginMutation.mutateAsync({ data: { accountType } }),
        {
          success: t('common:toasts.loginSuccess'),
          fallback: t('auth:signIn.failed'),
          network: t('common:toasts.loginNetworkError'),
        },
        accountType,
      ),
    [attempt, devLoginMutation, t],
  );

  const signOut = useCallback(async () => {
    try {
      await logoutMutation.mutateAsync();
    } catch {
      // The token is dropped locally either way; an already revoked one answers 401.
    }
    clearSession();
    setUser(null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== DISPLAY_RATES_QUERY_KEY[0] });
    toast({ message: t('common:toasts.logoutSuccess'), severity: 'success' });
  }, [logoutMutation, queryClient, t, toast]);

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
    () => ({ user, loading, signIn, signUp, signInAsDemo, signOut, signingIn, refreshUser }),
    [user, loading, signIn, signUp, signInAsDemo, signOut, signingIn, refreshUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider');
  return value;
}
