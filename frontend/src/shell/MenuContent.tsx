import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuGroup, MenuItem } from './menus';

function MenuEntry({ item, selected, onChoose }: { item: MenuItem; selected: boolean; onChoose: (item: MenuItem) => void }) {
  const { t } = useTranslation('nav');
  const Icon = item.icon;
  return (
    <ListItemButton
      selected={selected}
      data-testid={`menu-${item.page}`}
      {...(item.href
        ? { component: 'a', href: item.href, target: '_blank', rel: 'noopener', 'aria-description': t('opensInNewTab') }
        : { onClick: () => onChoose(item) })}
      sx={{ py: 0.5, my: 0.25 }}
    >
      <ListItemIcon sx={{ minWidth: 34 }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText primary={t(item.label)} slotProps={{ primary: { variant: 'body2' } }} />
      {item.href && <OpenInNewIcon sx={{ fontSize: 14, color: 'text.secondary' }} />}
    </ListItemButton>
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
    <List dense component="nav" aria-label={t('sidebar')} sx={{ px: 1.5 }} data-testid="side-menu">
      {groups.map((group) => {
        const entries = group.items.map((entry) => (
          <MenuEntry key={entry.page} item={entry} selected={entry.page === activePage} onChoose={onChoose} />
        ));
        if (!group.label) return entries;
        const label = group.label;
        const expanded = !collapsible || (open[label] ?? false);
        return (
          <li key={label} style={{ listStyle: 'none' }}>
            <List dense disablePadding>
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
                <ListSubheader disableSticky sx={{ bgcolor: 'transparent', lineHeight: '32px', mt: 1, fontWeight: 700 }}>
                  {t(label)}
                </ListSubheader>
              )}
              <Collapse in={expanded} timeout="auto" unmountOnExit>
                {entries}
              </Collapse>
            </List>
          </li>
        );
      })}
    </List>
  );
}
