// /specialist/cases: the case box. Offered to me (awaiting my answer), accepted by me, and the history of
// every case offered or assigned to me. Listing an offer tells the doctor it was delivered.
import { Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { routes } from '../../../config/routes.ts';
import {
  CaseList,
  type CaseListQuery,
  useCaseList,
  useDeliveredReceipts,
} from '../../../features/cases/index.ts';
import { useMe } from '../../../lib/use-me.ts';

type Box = 'offered' | 'accepted' | 'history';

const boxes: readonly { value: Box; label: string; query: CaseListQuery; empty: string }[] = [
  {
    value: 'offered',
    label: 'Offered to me',
    query: { scope: 'offered' },
    empty: 'Nothing is waiting for you.',
  },
  {
    value: 'accepted',
    label: 'Accepted by me',
    query: { scope: 'mine', status: ['accepted', 'responded'] },
    empty: 'You have no accepted cases open.',
  },
  { value: 'history', label: 'History', query: { scope: 'all' }, empty: 'No cases yet.' },
];

function BoxList({ box, timeZone }: { box: (typeof boxes)[number]; timeZone: string }) {
  const list = useCaseList(box.query);
  useDeliveredReceipts(box.value === 'offered' ? list.cases : undefined);
  return (
    <CaseList
      label={box.label}
      cases={list.cases}
      hrefFor={(id) => routes.specialistCase.href({ id })}
      timeZone={timeZone}
      emptyMessage={box.empty}
      isPending={list.isPending}
      error={list.error}
      hasNextPage={list.hasNextPage}
      isFetchingNextPage={list.isFetchingNextPage}
      onLoadMore={list.loadMore}
    />
  );
}

export function Component() {
  const [tab, setTab] = useState<Box>('offered');
  const { timeZone } = useMe();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Case box
      </Title>
      <Tabs
        value={tab}
        onChange={(value) => {
          if (value === 'offered' || value === 'accepted' || value === 'history') setTab(value);
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {boxes.map((box) => (
            <Tabs.Tab key={box.value} value={box.value}>
              {box.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {boxes.map((box) => (
          <Tabs.Panel key={box.value} value={box.value} pt="md">
            <BoxList box={box} timeZone={timeZone} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
