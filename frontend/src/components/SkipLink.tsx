import { Box, type BoxProps } from '@mui/material';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The page's <main> takes these: the skip link's target, focusable by script only. */
export const mainTarget = { id: 'main-content', tabIndex: -1 } as const;

/** 'Skip to content': the first stop of the Tab key, hidden until focused; moves focus into <main>. */
export function SkipLink() {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    // Focus the target without a '#main-content' entry in the history.
    const main = document.getElementById(mainTarget.id);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <Box
      component="a"
      href={`#${mainTarget.id}`}
      onClick={skip}
      data-testid="skip-link"
      sx={(theme) => ({
        // Visually hidden (still read and focusable) until the keyboard reaches it.
        position: 'absolute',
        width: '1px',
        height: '1px',
        overflow: 'hidden',
        clipPath: 'inset(50%)',
        whiteSpace: 'nowrap',
        '&:focus': {
          position: 'fixed',
          top: theme.spacing(1),
          left: theme.spacing(1),
          width: 'auto',
          height: 'auto',
          overflow: 'visible',
          clipPath: 'none',
          zIndex: theme.zIndex.tooltip + 1,
          px: 2,
          py: 1,
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'primary.main',
          fontWeight: 600,
          boxShadow: 4,
        },
      })}
    >
      {t('skipToContent')}
    </Box>
  );
}

/** The <main> of a page without the shell (sign-in, reset, not found), preceded by its skip link. */
export function PageMain(props: BoxProps) {
  return (
    <>
      <SkipLink />
      <Box component="main" {...mainTarget} {...props} />
    </>
  );
}
