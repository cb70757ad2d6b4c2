// The top bar. It takes the roles as a prop so it renders the same in tests as behind sign-in.
import { ActionIcon, Anchor, Burger, Button, Group, Indicator, Text } from '@mantine/core';
import { Link } from 'react-router';
import { texts } from '../../config/texts.ts';
import { homeRouteFor } from '../../lib/auth/roles.ts';
import { BellIcon } from '../../components/icons.tsx';
import logoUrl from './case-router-logo.svg';
import { type NavItem, navItemsFor } from './nav-items.ts';
import { preloadIntentProps } from './preload-intent.ts';
import { useLinkActive } from './use-link-active.ts';

export interface HeaderProps {
  readonly roles: readonly string[];
  readonly userName?: string | undefined;
  readonly menuOpened: boolean;
  readonly onOpenMenu: () => void;
  readonly onOpenNotifications: () => void;
  /** Handlers that start loading the drawer and the sheet when a person shows they may open them. */
  readonly menuIntentProps?: IntentProps;
  readonly notificationsIntentProps?: IntentProps;
  readonly unreadNotifications: number;
}

type IntentProps = Record<'onMouseEnter' | 'onFocus' | 'onTouchStart', () => void>;

function HeaderLink({ item }: { readonly item: NavItem }) {
  const active = useLinkActive(item.to);
  return (
    <Button
      component={Link}
      to={item.to}
      variant={active ? 'light' : 'subtle'}
      color={active ? undefined : 'gray'}
      aria-current={active ? 'page' : undefined}
      {...preloadIntentProps(item.to)}
    >
      {item.label}
    </Button>
  );
}

export function Header({
  roles,
  userName,
  menuOpened,
  onOpenMenu,
  onOpenNotifications,
  menuIntentProps,
  notificationsIntentProps,
  unreadNotifications,
}: HeaderProps) {
  const home = homeRouteFor(roles);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          hiddenFrom="md"
          size="sm"
          opened={menuOpened}
          onClick={onOpenMenu}
          aria-label="Open menu"
          aria-expanded={menuOpened}
          {...menuIntentProps}
        />
        <Anchor
          component={Link}
          to={home}
          underline="never"
          display="flex"
          style={{ alignItems: 'center', gap: 'var(--mantine-spacing-xs)' }}
          {...preloadIntentProps(home)}
        >
          <img src={logoUrl} alt={texts.productName} height={32} width={32} />
          {/* The image already names the link; the wordmark is for the eye, in the scheme's own colour. */}
          <Text span fw={650} fz="lg" aria-hidden>
            {texts.productName}
          </Text>
        </Anchor>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {userName !== undefined && (
          <Text size="sm" c="dimmed" visibleFrom="lg" data-testid="signed-in-user">
            {userName}
          </Text>
        )}
        <Group component="nav" aria-label="Main" gap={4} wrap="nowrap" visibleFrom="md">
          {navItemsFor(roles).map((item) => (
            <HeaderLink key={item.key} item={item} />
          ))}
        </Group>
        <Indicator disabled={unreadNotifications === 0} label={unreadNotifications} size={16} offset={4}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={texts.notifications}
            onClick={onOpenNotifications}
            {...notificationsIntentProps}
          >
            <BellIcon />
          </ActionIcon>
        </Indicator>
      </Group>
    </Group>
  );
}
