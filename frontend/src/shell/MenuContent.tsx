import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Collapse, List, ListItem, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuGroup, MenuItem } from './menus';

function MenuEntry({ item, selected, onChoose }: { item: MenuItem; selected: boolean; onChoose: (item: MenuItem) => void }) {
  const { t } = useTranslation('nav');
  const Icon = item.icon;
  return (
    <ListItem disablePadding>
      <ListItemButton
        component="a"
        selected={selected}
        data-testid={`menu-${item.page}`}
        {...(item.href
          ? { href: item.href, target: '_blank', rel: 'noopener', 'aria-description': t('opensInNewTab') }
          : {
              href: `/${item.page}`,
              'aria-current': selected ? ('page' as const) : undefined,
              onClick: (event: MouseEvent<HTMLAnchorElement>) => {
                // A plain click stays in the app; modified clicks (new tab, new window) keep the link's default.
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                onChoose(item);
              },
            })}
        sx={{ py: 0.5, my: 0.25 }}
      >
        <ListItemIcon sx={{ minWidth: 34 }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t(item.label)} slotProps={{ primary: { variant: 'body2' } }} />
        {item.href && <OpenInNewIcon sx={{ fontSize: 14, color: 'text.secondary' }} />}
      </ListItemButton>
    </ListItem>
  );
}

/** The grouped menu; on desktop groups collapse, under 1024 px every group stays open. */
export function MenuContent({
  groups,
  activePage,
  collapsible,
  onChoose,
}: {
  groups: MenuGroup[];
  activePage: string;
  collapsible: boolean;
  onChoose: (item: MenuItem) => void;
}) {
  const { t } = useTranslation('nav');
  const [open, setOpen] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(
      groups
        .filter((group) => group.label)
        .map((group) => [
          group.label,
          group.defaultOpen || group.items.some((entry) => entry.page === activePage),
        ]),
    ),
  );

  return (
    <List dense sx={{ px: 1.5 }} data-testid="side-menu">
      {groups.map((group) => {
        const entries = group.items.map((entry) => (
          <MenuEntry key={entry.page} item={entry} selected={entry.page === activePage} onChoose={onChoose} />
        ));
        if (!group.label) return entries;
        const label = group.label;
        const expanded = !collapsible || (open[label] ?? false);
        return (
          <ListItem key={label} disablePadding sx={{ display: 'block' }}>
            {collapsible ? (
                <ListItemButton
                  data-testid={`menu-group-${label.replace('groups.', '')}`}
                  aria-expanded={expanded}
                  onClick={() => setOpen((current) => ({ ...current, [label]: !expanded }))}
                  sx={{ mt: 1, py: 0.25 }}
                >
                  <ListItemText
                    primary={t(label)}
                    slotProps={{
                      primary: { variant: 'overline', sx: { color: 'text.secondary', lineHeight: 2, fontWeight: 700 } },
                    }}
                  />
                  {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
                </ListItemButton>
              ) : (
                <ListSubheader component="div" disableSticky sx={{ bgcolor: 'transparent', lineHeight: '32px', mt: 1, fontWeight: 700 }}>
                  {t(label)}
                </ListSubheader>
              )}
              <Collapse in={expanded} timeout="auto" unmountOnExit>
                <List dense disablePadding>
                  {entries}
                </List>
              </Collapse>
          </ListItem>
        );
      })}
    </List>
  );
}
