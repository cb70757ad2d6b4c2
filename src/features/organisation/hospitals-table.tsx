// The system's hospitals: searched, sorted and paged by the server. Each row opens its editor.
import {
  Alert,
  Anchor,
  Button,
  Group,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { listHospitalsOptions } from '../../../generated/@tanstack/react-query.gen.ts';
import type { HospitalSummary, ListHospitalsData } from '../../../generated/types.gen.ts';
import { errorText } from '../../lib/api/index.ts';
import { organisationTexts as t } from './labels.ts';

type Query = NonNullable<ListHospitalsData['query']>;
type Sort = NonNullable<Query['sort']>;

const PAGE_SIZE = 10;
const columns: readonly { key: Sort; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'shortCode', label: 'Short code' },
  { key: 'timeZone', label: 'Time zone' },
];

function SortHeader({
  column,
  sort,
  order,
  onSort,
}: {
  column: (typeof columns)[number];
  sort: Sort;
  order: 'asc' | 'desc';
  onSort: (key: Sort) => void;
}) {
  const active = sort === column.key;
  return (
    <Table.Th aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        onClick={() => {
          onSort(column.key);
        }}
        mih={44}
        fw={700}
      >
        {column.label} {active ? (order === 'asc' ? '▲' : '▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

export function HospitalsTable({ onEdit }: { readonly onEdit: (hospital: HospitalSummary) => void }) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>('name');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(1);
  const q = useDeferredValue(search.trim());
  const query: Query = { sort, order, page, pageSize: PAGE_SIZE, ...(q === '' ? {} : { q }) };
  const list = useQuery({ ...listHospitalsOptions({ query }), placeholderData: keepPreviousData });

  const onSort = (key: Sort) => {
    setOrder(key === sort && order === 'asc' ? 'desc' : 'asc');
    setSort(key);
    setPage(1);
  };

  return (
    <Stack gap="sm">
      <TextInput
        label={t.searchHospitals}
        description="Name or short code"
        type="search"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maxLength={100}
      />
      {list.isPending && (
        <Text role="status" aria-busy="true">
          {t.loading}
        </Text>
      )}
      {list.isError && (
        <Alert color="red" role="alert" title="The hospitals could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorText(list.error)}</Text>
            <Button variant="default" onClick={() => void list.refetch()}>
              {t.retry}
            </Button>
          </Stack>
        </Alert>
      )}
      {list.data && list.data.items.length === 0 && <Text>{q === '' ? t.noHospitals : t.noMatch}</Text>}
      {list.data && list.data.items.length > 0 && (
        <>
          <Table.ScrollContainer minWidth={520}>
            <Table striped aria-label={t.hospitals} aria-busy={list.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <SortHeader key={column.key} column={column} sort={sort} order={order} onSort={onSort} />
                  ))}
                  <Table.Th>Admins</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((hospital) => (
                  <Table.Tr key={hospital.id}>
                    <Table.Td>
                      {/* On a phone the row's Edit sits past the scroll: the name opens the editor too. */}
                      <Anchor
                        component="button"
                        type="button"
                        mih={44}
                        ta="left"
                        onClick={() => {
                          onEdit(hospital);
                        }}
                      >
                        {hospital.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{hospital.shortCode}</Table.Td>
                    <Table.Td>{hospital.timeZone}</Table.Td>
                    <Table.Td>{hospital.adminCount}</Table.Td>
                    <Table.Td>
                      <Button
                        variant="default"
                        mih={44}
                        onClick={() => {
                          onEdit(hospital);
                        }}
                        aria-label={t.editHospital(hospital.name)}
                      >
                        Edit
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {list.data.total} {list.data.total === 1 ? 'hospital' : 'hospitals'}
            </Text>
            {list.data.total > PAGE_SIZE && (
              <Pagination
                total={Math.ceil(list.data.total / PAGE_SIZE)}
                value={page}
                onChange={setPage}
                size="lg"
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
