// The small-screen menu: a full-screen drawer with the header's links.
import { Drawer, NavLink, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { SLIDE_ANIMATION_MS } from '../../config/constants.ts';
import { type NavItem } from './nav-items.ts';
import { preloadIntentProps } from './preload-intent.ts';
import { useLinkActive } from './use-link-active.ts';

export interface NavDrawerProps {
  readonly opened: boolean;
  readonly onClose: () => void;
  readonly items: readonly NavItem[];
}

function DrawerLink({ item, onNavigate }: { readonly item: NavItem; readonly onNavigate: () => void }) {
  const active = useLinkActive(item.to);
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={item.label}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      py="sm"
      fz="md"
      {...preloadIntentProps(item.to)}
    />
  );
}

export function NavDrawer({ opened, onClose, items }: NavDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size="100%"
      position="left"
      title="Menu"
      transitionProps={{ transition: 'slide-right', duration: SLIDE_ANIMATION_MS }}
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      <Stack component="nav" aria-label="Main" gap={4}>
        {items.map((item) => (
          <DrawerLink key={item.key} item={item} onNavigate={onClose} />
        ))}
      </Stack>
    </Drawer>
  );
}
