import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, type DialogProps } from '@mui/material';
import { useCallback, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';

/** What the form's controls hold: a change of any value (typed, picked, ticked) makes it differ. */
export function formSnapshot(form: HTMLFormElement): string {
  const values = Array.from(form.elements).flatMap((element) => {
    if (element instanceof HTMLInputElement) {
      return [element.type === 'checkbox' || element.type === 'radio' ? String(element.checked) : element.value];
    }
    if (element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement) return [element.value];
    return [];
  });
  return JSON.stringify(values);
}

/** The controls a refusal marked (MUI sets aria-invalid on a field with `error`), in the form's order. */
function invalidControls(form: HTMLFormElement): HTMLElement[] {
  return Array.from(form.querySelectorAll<HTMLElement>('[aria-invalid="true"]'));
}

/**
 * The one dialog every form of the app opens in: title, fields, Cancel and the submit button
 * (test ids `${testId}-cancel` and `${testId}-submit`). After a refused submit
 * (the form's own checks or the server's field errors), focus moves to the first invalid field and
 * an alert says how many fields need correcting; Escape or a click outside asks before discarding
 * what was typed, and simply closes an untouched form. Render it only while open: each opening is a
 * fresh form.
 */
export function FormDialog({
  title,
  busy = false,
  onClose,
  onSubmit,
  submitLabel,
  error,
  children,
  maxWidth = 'sm',
  dividers = false,
  testId,
  titleTestId,
}: {
  title: ReactNode;
  /** True while the submit is under way: the dialog does not close then. */
  busy?: boolean;
  onClose: () => void;
  /** Checks and sends the form; when it leaves fields marked invalid, the dialog points at them. */
  onSubmit: () => unknown;
  submitLabel: string;
  /** A refusal no field shows (test id `${testId}-error`). */
  error?: string | null;
  children: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  dividers?: boolean;
  testId: string;
  titleTestId?: string;
}) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement | null>(null);
  const initialRef = useRef<string | null>(null);
  const [refusals, setRefusals] = useState(0);
  const [invalidCount, setInvalidCount] = useState(0);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);

  const attachForm = useCallback((form: HTMLFormElement | null) => {
    formRef.current = form;
    // The values the dialog opened with, to tell a touched form from an untouched one.
    if (form && initialRef.current === null) initialRef.current = formSnapshot(form);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setInvalidCount(0);
    await onSubmit();
    // Still open: look at what the refusal marked once it is rendered (below). A saved form has
    // closed, and this update of an unmounted dialog is dropped.
    setRefusals((count) => count + 1);
  };

  // After each refused submit: the first invalid field takes focus (a screen reader reads its label,
  // its error through aria-describedby and 'invalid'), and the alert below announces the count.
  useLayoutEffect(() => {
    const form = formRef.current;
    if (refusals === 0 || !form) return;
    const invalid = invalidControls(form);
    invalid[0]?.focus();
    setInvalidCount(invalid.length);
  }, [refusals]);

  const requestClose = () => {
    if (busy) return;
    const form = formRef.current;
    if (form && initialRef.current !== null && formSnapshot(form) !== initialRef.current) setConfirmingDiscard(true);
    else onClose();
  };

  return (
    <>
      <Dialog open onClose={requestClose} maxWidth={maxWidth} fullWidth data-testid={testId}>
        {/* A flex column, so the content scrolls between a fixed title and fixed buttons. */}
        <Box
          component="form"
          ref={attachForm}
          onSubmit={submit}
          onChange={() => setInvalidCount(0)}
          noValidate
          sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
        >
          <DialogTitle data-testid={titleTestId}>{title}</DialogTitle>
          <DialogContent dividers={dividers}>
            {error && (
              <Alert severity="error" sx={{ mb: 2 }} data-testid={`${testId}-error`}>
                {error}
              </Alert>
            )}
            {invalidCount > 0 && (
              <Alert severity="error" sx={{ mb: 2 }} data-testid="form-dialog-invalid">
                {t('formDialog.invalid', { count: invalidCount })}
              </Alert>
            )}
            {children}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy} data-testid={`${testId}-cancel`}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={busy} data-testid={`${testId}-submit`}>
              {submitLabel}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      <ConfirmDialog
        open={confirmingDiscard}
        title={t('formDialog.discardTitle')}
        message={t('formDialog.discardMessage')}
        confirmLabel={t('formDialog.discard')}
        cancelLabel={t('formDialog.keepEditing')}
        onConfirm={() => {
          setConfirmingDiscard(false);
          onClose();
        }}
        onClose={() => setConfirmingDiscard(false)}
      />
    </>
  );
}
