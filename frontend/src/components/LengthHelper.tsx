import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A field's help (or error) with a character counter beside it. Inputs are never cut at their
 * limit (a `maxLength` attribute would drop pasted text silently): the counter shows how much is
 * left and the form refuses a longer value with a message.
 */
export function LengthHelper({ text, length, max }: { text?: ReactNode; length: number; max: number }) {
  return (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
      <span>{text}</span>
      <Box component="span" data-testid="length-counter" sx={{ flexShrink: 0, color: length > max ? 'error.main' : undefined }}>
        {length}/{max}
      </Box>
    </Box>
  );
}
