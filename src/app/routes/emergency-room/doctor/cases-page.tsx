// The ER doctor's own cases: status, urgency and live timers, newest first, with "New case".
import { Button, Group, Stack, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ChoiceButtons } from '../../../../components/choice-buttons.tsx';
import { routes } from '../../../../config/routes.ts';
import {
  ACTIVE_STATUSES,
  CaseList,
  caseTexts,
  FINAL_STATUSES,
  prefetchCaseList,
  useCaseList,
} from '../../../../features/cases/index.ts';
import { useMe } from '../../../../lib/use-me.ts';

type Show = 'open' | 'finished' | 'all';

const statusesFor = { open: [...ACTIVE_STATUSES], finished: [...FINAL_STATUSES], all: undefined };

export function prefetch(client: QueryClient): void {
  prefetchCaseList(client, { scope: 'mine', status: statusesFor.open });
}

export function Component() {
  const [show, setShow] = useState<Show>('open');
  const { timeZone } = useMe();
  const list = useCaseList({ scope: 'mine', status: statusesFor[show] });
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          My cases
        </Title>
        <Button component={Link} to={routes.doctorCaseNew.href()}>
          {caseTexts.newCase}
        </Button>
      </Group>
      <ChoiceButtons
        label="Show"
        value={show}
        onChange={(value) => {
          setShow(value);
        }}
        options={[
          { value: 'open', label: 'Open' },
          { value: 'finished', label: 'Closed or cancelled' },
          { value: 'all', label: 'All' },
        ]}
      />
      <CaseList
        label="My cases"
        list={list}
        hrefFor={(id) => routes.doctorCase.href({ id })}
        timeZone={timeZone}
        emptyMessage="No cases here yet."
      />
    </Stack>
  );
}
