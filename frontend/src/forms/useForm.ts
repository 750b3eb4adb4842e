import { useRef, useState } from 'react';
import type { FieldInfos } from '../api/errors';
import { refusalFieldErrors, type FieldErrors, type FieldMessages, type RefusalFields } from './refusal';

export { keyed, type FieldErrors, type FieldMessages } from './refusal';

export interface FormOptions<V extends object, R, K = never> extends Pick<RefusalFields<keyof V & string>, 'fieldOf'> {
  /** Labels, limits and the form's own words for its fields (see FieldInfo), or a function of the values sent. */
  fields?: FieldInfos | ((values: V) => FieldInfos);
  /** Codes the form words itself at a field (see RefusalFields), or a function of the values sent. */
  codes?: RefusalFields<keyof V & string>['codes'] | ((values: V) => RefusalFields<keyof V & string>['codes']);
  /** The values the form opens with. */
  initial: V | (() => V);
  /** The form's own checks before sending: messages by field (none when the values can be sent). */
  validate?: (values: V) => FieldMessages<keyof V & string, K>;
  /** Words a message key of the form's checks (see `keyed`), at each render. */
  text?: (key: K) => string;
  /** Sends the values: the generated mutation's `mutateAsync`. */
  send: (values: V) => Promise<R>;
  /** After the server saved (the dialog closes, a card shows 'saved'). */
  onSaved?: (result: R, values: V) => unknown;
  /**
   * The form-level text of a refusal that no field shows (usually `errorMessage(error, fallback, { fields })`),
   * or null when the form tells it another way (a toast). Without it a refusal no field shows is rethrown.
   */
  refusal?: (error: unknown, placed: FieldErrors<keyof V & string>) => string | null;
  /** Show the form-level text even when fields show the refusal too (a long form whose fields may be out of view). */
  explainAlways?: boolean;
}

export interface Form<V extends object, K = never> {
  values: V;
  /** The message at each field: the form's own check or the server's refusal. */
  errors: FieldErrors<keyof V & string>;
  /** The refusal no field shows, for the form's alert. */
  formError: string | null;
  /** True from submit until the server answered: the submit button is disabled. */
  pending: boolean;
  /** Changes one value and clears that field's message. */
  set: <N extends keyof V & string>(field: N, value: V[N]) => void;
  /** Props of a text field: name, value, onChange, error and the message (or `help`) under it. */
  field: <N extends keyof V & string>(
    field: N,
    help?: string,
  ) => { name: N; value: V[N]; onChange: (event: { target: { value: string } }) => void; error: boolean; helperText: string | undefined };
  /** Marks fields (or clears them with undefined) outside a submit. */
  setErrors: (errors: FieldMessages<keyof V & string, K>) => void;
  setFormError: (message: string | null) => void;
  /** Checks, sends and places the refusal; resolves once done (never rejects for a refusal it placed). */
  submit: () => Promise<void>;
  /** Back to the given values (default: the initial ones), without messages. */
  reset: (values?: V) => void;
}

function initialOf<V>(initial: V | (() => V)): V {
  return typeof initial === 'function' ? (initial as () => V)() : initial;
}

const hasAny = (errors: object) => Object.values(errors).some(Boolean);

/**
 * One form's state: values, messages by field (the form's checks and the server's refusal, mapped from
 * the error envelope's `details` by the field names the server sends), a form-level message for
 * the rest, and the submit through the generated mutation.
 */
export function useForm<V extends object, R = unknown, K = never>(options: FormOptions<V, R, K>): Form<V, K> {
  type F = keyof V & string;
  const [values, setValues] = useState<V>(() => initialOf(options.initial));
  const [messages, setErrorState] = useState<FieldMessages<F, K>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // A second click before React re-renders the disabled button still sends once.
  const sending = useRef(false);
  const initial = useRef(values);

  // Worded now: a message given by key follows the current language.
  const errors: FieldErrors<F> = {};
  for (const [field, message] of Object.entries(messages) as [F, FieldMessages<F, K>[F]][]) {
    if (!message) continue;
    errors[field] = typeof message === 'string' ? message : (options.text?.(message.key) ?? String(message.key));
  }

  const set = <N extends F>(field: N, value: V[N]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrorState((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const submit = async () => {
    if (sending.current) return;
    const found = options.validate?.(values) ?? {};
    setErrorState(found);
    setFormError(null);
    if (hasAny(found)) return;
    sending.current = true;
    setPending(true);
    let result: R;
    try {
      result = await options.send(values);
    } catch (error) {
      sending.current = false;
      setPending(false);
      const names = Object.keys(values) as F[];
      const codes = typeof options.codes === 'function' ? options.codes(values) : options.codes;
      const byField = refusalFieldErrors<F>(error, { fields: typeof options.fields === 'function' ? options.fields(values) : options.fields, fieldOf: options.fieldOf, codes, names });
      setErrorState(byField);
      if (hasAny(byField) && !options.explainAlways) return;
      if (!options.refusal) throw error;
      setFormError(options.refusal(error, byField));
      return;
    }
    sending.current = false;
    setPending(false);
    await options.onSaved?.(result, values);
  };

  return {
    values,
    errors,
    formError,
    pending,
    set,
    field: (name, help) => ({
      name,
      value: values[name],
      onChange: (event) => set(name, event.target.value as V[typeof name]),
      error: Boolean(errors[name]),
      helperText: errors[name] ?? help,
    }),
    setErrors: (next) => setErrorState((current) => ({ ...current, ...next })),
    setFormError,
    submit,
    reset: (next) => {
      setValues(next ?? initial.current);
      setErrorState({});
      setFormError(null);
    },
  };
}
