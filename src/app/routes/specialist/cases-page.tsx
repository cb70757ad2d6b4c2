// /specialist/cases: the case box. Offered to me (awaiting my answer), accepted by me, and the history: the
// finished cases offered or assigned to me. Listing an offer tells the doctor it was delivered. The tabs' short
// words fit side by side at 360 px; each list says in full what it holds.
import { Stack, Tabs, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { routes } from '../../../config/routes.ts';
import {
  CaseList,
  type CaseListQuery,
  FINAL_STATUSES,
  prefetchCaseList,
  useCaseList,
  useDeliveredReceipts,
} from '../../../features/cases/index.ts';
import { MyShifts } from '../../../features/schedules/index.ts';
import { useMe } from '../../../lib/use-me.ts';

type Box = 'offered' | 'accepted' | 'history';

const boxes: readonly {
  value: Box;
  tab: string;
  label: string;
  query: CaseListQuery;
  empty: string;
}[] = [
  {
    value: 'offered',
    tab: 'Offered',
    label: 'Offered to me',
    query: { scope: 'offered' },
    empty: 'Nothing is waiting for you.',
  },
  {
    value: 'accepted',
    tab: 'Accepted',
    label: 'Accepted by me',
    query: { scope: 'mine', status: ['accepted', 'responded'] },
    empty: 'You have no accepted cases open.',
  },
  {
    value: 'history',
    tab: 'History',
    label: 'History: finished cases',
    query: { scope: 'all', status: [...FINAL_STATUSES], sort: 'newest' },
    empty: 'No finished cases yet.',
  },
];

function BoxList({
  box,
  timeZone,
  onSettled,
}: {
  box: (typeof boxes)[number];
  timeZone: string;
  onSettled: () => void;
}) {
  const list = useCaseList(box.query);
  useDeliveredReceipts(box.value === 'offered' ? list.cases : undefined);
  return (
    <CaseList
      label={box.label}
      list={list}
      hrefFor={(id) => routes.specialistCase.href({ id })}
      timeZone={timeZone}
      emptyMessage={box.empty}
      onSettled={onSettled}
    />
  );
}

const FIRST_BOX: Box = 'offered';

/** The box the page opens on. */
export function prefetch(client: QueryClient): void {
  const first = boxes.find((box) => box.value === FIRST_BOX);
  if (first) prefetchCaseList(client, first.query);
}

export function Component() {
  const [tab, setTab] = useState<Box>(FIRST_BOX);
  const { me, timeZone } = useMe();
  // The shifts come below the case box once it shows its cases, so the cards never push them down the screen.
  const [boxSettled, setBoxSettled] = useState(false);
  const settle = useCallback(() => {
    setBoxSettled(true);
  }, []);
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
        <Tabs.List grow>
          {boxes.map((box) => (
            <Tabs.Tab key={box.value} value={box.value} px="xs">
              {box.tab}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {boxes.map((box) => (
          <Tabs.Panel key={box.value} value={box.value} pt="md">
            <BoxList box={box} timeZone={timeZone} onSettled={settle} />
          </Tabs.Panel>
        ))}
      </Tabs>
      {boxSettled && <MyShifts userId={me?.id} timeZone={timeZone} />}
    </Stack>
  );
}
