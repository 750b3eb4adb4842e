import { TableContainer, type TableContainerProps } from '@mui/material';

/**
 * The class of a column's cells (header and body) that matter least: they give way when the
 * table's box is narrower than 800 px (a 1024 px screen beside the menu), so the rest fit.
 */
export const lessImportant = 'less-important';

/**
 * The box of a table that fits its card: cells a little narrower than MUI's, names that break
 * anywhere rather than widen the table, and the `lessImportant` columns hidden in a narrow box.
 * With `cards`, on a phone each row is a card: every cell on a line of its own, named by its
 * `data-label` (the column's header), and the header row read aloud but not shown.
 */
export function FitTableContainer({ cards = false, sx, ...props }: TableContainerProps & { cards?: boolean }) {
  return (
    <TableContainer
      {...props}
      sx={[
        (theme) => ({
          containerType: 'inline-size',
          '& .MuiTableCell-root': { px: 1 },
          '& .MuiTableCell-root:first-of-type': { pl: 2 },
          '& .MuiTableCell-root:last-of-type': { pr: 2 },
          '& .MuiTableCell-body': { overflowWrap: 'anywhere' },
          [`@container (max-width: 800px)`]: { [`& .${lessImportant}`]: { display: 'none' } },
          ...(cards && {
            [theme.breakpoints.down('sm')]: {
              '& thead': { display: 'block', position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' },
              '& table, & tbody, & tr': { display: 'block' },
              '& tbody tr': { px: 2, py: 1, borderBottom: 1, borderColor: 'divider' },
              [`& td, & td.${lessImportant}`]: { display: 'flow-root', border: 0, px: '0 !important', py: 0.5, textAlign: 'right' },
              // A cell's own row or stack of parts sits on the right, as its text does.
              '& td > .MuiStack-root, & td > .MuiBox-root': { alignItems: 'flex-end', justifyContent: 'flex-end' },
              '& td[data-label]::before': {
                content: 'attr(data-label)',
                float: 'left',
                mr: 2,
                color: theme.palette.text.secondary,
                textAlign: 'left',
              },
            },
          }),
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
