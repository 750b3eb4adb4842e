import { Alert, AlertTitle, Stack } from '@mui/material';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { onNetworkNotice } from '../api/fetcher';

export const MAX_TOASTS = 3;
export const TOAST_DURATION_MS = 5_000;

export interface ToastInput {
  title?: string;
  message: string;
  severity?: 'success' | 'error' | 'info' | 'warning';
}

interface Toast extends ToastInput {
  id: number;
}

type ShowToast = (toast: ToastInput) => void;

const ToastContext = createContext<ShowToast | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['errors', 'common']);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback<ShowToast>(
    (input) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { ...input, id }].slice(-MAX_TOASTS));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_DURATION_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  useEffect(
    () => onNetworkNotice((kind) => show({ title: t('networkTitle'), message: t(`network.${kind}`), severity: 'warning' })),
    [show, t],
  );

  return (
    <ToastContext.Provider value={show}>
      {children}
      <Stack
        spacing={1}
        aria-live="polite"
        sx={{ position: 'fixed', right: 16, bottom: 16, zIndex: (theme) => theme.zIndex.snackbar, maxWidth: 380 }}
      >
        {toasts.map((toast) => (
          <Alert
            key={toast.id}
            data-testid="toast"
            severity={toast.severity ?? 'info'}
            variant="filled"
            onClose={() => dismiss(toast.id)}
            closeText={t('common:actions.dismiss')}
            sx={{ boxShadow: 3 }}
          >
            {toast.title && <AlertTitle>{toast.title}</AlertTitle>}
            {toast.message}
          </Alert>
        ))}
      </Stack>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider');
  return show;
}
