import { Autocomplete, Box, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from './useDebounced';

/** An item to choose: its id and the name shown for it. */
export interface Choice {
  id: string;
  name: string;
}

/** How many items one search asks for: enough to choose from, few enough to send at each keystroke. */
export const CHOICES_PAGE = 20;

/**
 * A choice among items the server searches (a list endpoint's `query`): one page of matches is
 * fetched as the user types, so a list of any length is never loaded whole. It shows the chosen
 * item's name: the one picked here, one of the page's, or `selectedName` (a choice read from the
 * URL, named by the rows it filters).
 */
export function SearchSelect<T extends Choice>({
  label,
  value,
  onChange,
  search,
  queryKey,
  selectedName,
  name,
  testId,
  helperTestId,
  placeholder,
  emptyText,
  error,
  helperText,
  required,
  disabled,
  size = 'small',
  describe,
}: {
  label: string;
  /** The chosen item's id ('' for none). */
  value: string;
  onChange: (id: string, choice: T | null) => void;
  /** One page of the items whose name contains `query` (the first page when it is empty). */
  search: (query: string, signal?: AbortSignal) => Promise<T[]>;
  /** Names this list's searches in the query cache (with what narrows them, if anything). */
  queryKey: string;
  selectedName?: string;
  /** The input's name (forms and tests find the field by it). */
  name?: string;
  testId?: string;
  /** The test id of the message under the field. */
  helperTestId?: string;
  placeholder?: string;
  /** What the list says when nothing is typed and the server has no item at all (else 'No matches'). */
  emptyText?: string;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
  /** A word on an option shown muted after its name in the list (a paused campaign's state); the field's text stays the name. */
  describe?: (option: T) => string | undefined;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<T | null>(null);
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  // While the field shows the chosen name, the list is not searched for it.
  const chosenName = picked?.id === value ? picked.name : undefined;
  const query = useDebounced(typed === chosenName ? '' : typed.trim());
  const page = useQuery({
    queryKey: [queryKey, 'choices', query],
    queryFn: ({ signal }) => search(query, signal),
    enabled: open || (value !== '' && !chosenName && !selectedName),
    placeholderData: keepPreviousData,
  });
  const options = page.data ?? [];
  // The chosen item's name once a page showed it, kept while other pages are searched.
  const [seen, setSeen] = useState<Choice | null>(null);
  const found = options.find((option) => option.id === value);
  if (found && (seen?.id !== found.id || seen.name !== found.name)) setSeen({ id: found.id, name: found.name });
  const seenName = seen?.id === value ? seen.name : undefined;
  // One object while the choice stays the same: the field resets its text when the value changes.
  const named = useMemo(() => (value === '' ? null : ({ id: value, name: selectedName ?? seenName ?? '' } as T)), [value, selectedName, seenName]);
  const selected: T | null = value !== '' && picked?.id === value ? picked : named;

  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_, choice: T | null) => {
        setPicked(choice);
        onChange(choice?.id ?? '', choice);
      }}
      inputValue={typed}
      onInputChange={(_, text) => setTyped(text)}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      // The server has filtered already.
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      getOptionKey={(option) => option.id}
      renderOption={
        describe &&
        (({ key, ...props }, option) => {
          const note = describe(option);
          return (
            <Box component="li" key={key} {...props}>
              {option.name}
              {note && (
                <Box component="span" sx={{ color: 'text.secondary', ml: 0.75 }}>
                  ({note})
                </Box>
              )}
            </Box>
          );
        })
      }
      loading={page.isFetching}
      loadingText={t('choices.loading')}
      noOptionsText={query === '' && emptyText ? emptyText : t('choices.none')}
      disabled={disabled}
      size={size}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          name={name}
          placeholder={placeholder}
          error={error}
          helperText={helperText}
          required={required}
          slotProps={{
            ...params.slotProps,
            inputLabel: { ...params.slotProps.inputLabel, shrink: true },
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
            formHelperText: { 'data-testid': helperTestId } as object,
          }}
        />
      )}
    />
  );
}
