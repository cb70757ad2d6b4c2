// The scope's users, searched, sorted and paged by the server; each with its roles, specialties, contact
// details and state, and (when the screen allows) Edit and Deactivate / Reactivate.
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { listUsersOptions, updateUserMutation } from '../../../generated/@tanstack/react-query.gen.ts';
import type { ListUsersData, Role, UserAccount } from '../../../generated/types.gen.ts';
import { ApiError, errorText } from '../../lib/api/index.ts';
import { DeactivateDialog } from './deactivate-dialog.tsx';
import { EditUserDialog } from './edit-user-dialog.tsx';
import { useMe } from '../../lib/use-me.ts';
import { refreshAfterUserChange } from './invalidate.ts';
import { roleLabel, userTexts } from './labels.ts';

const PAGE_SIZE = 10;

type Query = NonNullable<ListUsersData['query']>;
type SortChoice = `${NonNullable<Query['sort']>}:${NonNullable<Query['order']>}`;

const SORTS: readonly { value: SortChoice; label: string }[] = [
  { value: 'name:asc', label: 'Name, A to Z' },
  { value: 'name:desc', label: 'Name, Z to A' },
  { value: 'createdAt:desc', label: 'Newest first' },
  { value: 'createdAt:asc', label: 'Oldest first' },
  { value: 'active:asc', label: 'Deactivated first' },
];

export interface UserListProps {
  /** Only users with this role (e.g. the specialists). */
  readonly role?: Role;
  /** Shows Edit and Deactivate / Reactivate on each user. */
  readonly manage?: boolean;
  readonly label: string;
}

function UserCard({
  user,
  manage,
  onEdit,
  onDeactivate,
}: {
  user: UserAccount;
  manage: boolean;
  onEdit: () => void;
  /** Deactivating asks first (DeactivateDialog); reactivating is done at once. */
  onDeactivate: () => void;
}) {
  const queryClient = useQueryClient();
  const update = useMutation(updateUserMutation());
  const toggle = async () => {
    if (user.active) {
      onDeactivate();
      return;
    }
    try {
      await update.mutateAsync({
        path: { userId: user.id },
        body: { version: user.version, active: true },
      });
      toast.success(userTexts.reactivated(user.displayName));
    } catch (error) {
      toast.error(error instanceof ApiError && error.status === 409 ? userTexts.stale : errorText(error));
    }
    await refreshAfterUserChange(queryClient);
  };
  const contact = [user.phone && `Phone ${user.phone}`, user.pager && `Pager ${user.pager}`].filter(Boolean);
  return (
    <Card withBorder padding="sm" component="li" aria-label={user.displayName}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} miw={0} style={{ flex: '1 1 14rem' }}>
          <Group gap="xs">
            <Text fw={600}>{user.displayName}</Text>
            {!user.active && (
              <Badge color="gray" variant="outline">
                Deactivated
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
          <Text size="sm">
            {user.roles.map(roleLabel).join(', ')}
            {user.specialtyTypes.length > 0 && ` · ${user.specialtyTypes.join(', ')}`}
          </Text>
          {contact.length > 0 && <Text size="sm">{contact.join(' · ')}</Text>}
        </Stack>
        {manage && (
          <Group gap="xs">
            <Button variant="default" mih={44} onClick={onEdit} aria-label={`Edit ${user.displayName}`}>
              Edit
            </Button>
            <Button
              variant={user.active ? 'outline' : 'filled'}
              mih={44}
              color={user.active ? 'red' : undefined}
              loading={update.isPending}
              onClick={() => void toggle()}
              aria-label={`${user.active ? 'Deactivate' : 'Reactivate'} ${user.displayName}`}
            >
              {user.active ? 'Deactivate' : 'Reactivate'}
            </Button>
          </Group>
        )}
      </Group>
    </Card>
  );
}

export function UserList({ role, manage = false, label }: UserListProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<SortChoice>('name:asc');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<UserAccount | null>(null);
  const [deactivating, setDeactivating] = useState<UserAccount | null>(null);
  const { timeZone } = useMe();
  const [sortKey, order] = sort.split(':') as [Query['sort'], Query['order']];
  const query: Query = {
    ...(role ? { role } : {}),
    ...(q === '' ? {} : { q }),
    sort: sortKey,
    order,
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  };
  const users = useQuery({ ...listUsersOptions({ query }), placeholderData: keepPreviousData });
  const pages = Math.max(1, Math.ceil((users.data?.total ?? 0) / PAGE_SIZE));

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Search"
          placeholder="Name or email"
          type="search"
          value={search}
          maxLength={100}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <NativeSelect
          label="Sort by"
          value={sort}
          data={SORTS.map((choice) => ({ ...choice }))}
          onChange={(event) => {
            setSort(event.currentTarget.value as SortChoice);
            setPage(1);
          }}
        />
      </SimpleGrid>
      {users.isPending && (
        <Text role="status" aria-busy="true">
          {userTexts.loadingUsers}
        </Text>
      )}
      {users.isError && (
        <Alert color="red" role="alert" title={userTexts.listError}>
          <Button variant="default" mt="xs" onClick={() => void users.refetch()}>
            {userTexts.retry}
          </Button>
        </Alert>
      )}
      {users.data && users.data.items.length === 0 && <Text>{userTexts.noUsers}</Text>}
      {users.data && users.data.items.length > 0 && (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
          {users.data.items.map((user) => (
            <UserCard
              key={user.id}
              user={user}
              manage={manage}
              onEdit={() => {
                setEditing(user);
              }}
              onDeactivate={() => {
                setDeactivating(user);
              }}
            />
          ))}
        </Stack>
      )}
      {users.data && (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" aria-live="polite">
            {users.data.total} {users.data.total === 1 ? 'user' : 'users'}
          </Text>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="lg"
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          )}
        </Group>
      )}
      {deactivating && (
        <DeactivateDialog
          user={deactivating}
          timeZone={timeZone}
          onClose={() => {
            setDeactivating(null);
          }}
        />
      )}
      {editing && (
        <EditUserDialog
          user={editing}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}
