// An open offer is an alert until the specialist answers it: not a toast that leaves, but a banner under the
// header on every screen, announced as it comes, with the case number, urgency, specialty, the time left before
// the case escalates, and Open / Accept / Decline. It goes when the offer does (accepted, declined, or moved on):
// the waiting offers are the server's list, refetched on every event. On the case's own page its bar at the
// bottom of the screen answers instead, so the banner leaves that case out there.
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { acceptCaseMutation, declineCaseMutation } from '../../../generated/@tanstack/react-query.gen.ts';
import type { CaseSummary } from '../../../generated/types.gen.ts';
import { zCaseDecline } from '../../../generated/zod.gen.ts';
import { Countdown, TimerField } from '../../components/countdown.tsx';
import { urgencyColors } from '../../components/theme.ts';
import { routes } from '../../config/routes.ts';
import {
  caseTexts,
  ReasonDialog,
  refreshAfterCaseChange,
  urgencyLabels,
} from '../../features/cases/index.ts';
import { errorText } from '../../lib/api/index.ts';
import { setWaitingCount } from '../../lib/page-title.ts';

/** How many offers the banner lists in full; the rest are counted, with the way to the case box. */
const SHOWN = 3;

// The Badging API is missing from most browsers, whatever the DOM types say.
type BadgeNavigator = Partial<Pick<Navigator, 'setAppBadge' | 'clearAppBadge'>>;

/** The tab's title and the installed app's badge (the Badging API, where the browser has it) count the offers. */
export function useOfferCount(count: number): void {
  useEffect(() => {
    setWaitingCount(count);
    const badging: BadgeNavigator = navigator;
    const done = count > 0 ? badging.setAppBadge?.(count) : badging.clearAppBadge?.();
    // A browser may refuse (no installed app, no permission): the title still counts.
    done?.catch(() => undefined);
  }, [count]);
  useEffect(
    () => () => {
      setWaitingCount(0);
    },
    [],
  );
}

function OfferItem({ item, onDecline }: { item: CaseSummary; onDecline: (item: CaseSummary) => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const href = routes.specialistCase.href({ id: item.id });
  const accept = useMutation({
    ...acceptCaseMutation(),
    onSuccess: async (changed) => {
      await refreshAfterCaseChange(queryClient, changed.id, changed);
      await navigate(href);
    },
    // Someone else may have accepted first (409): the refresh takes the offer away, the words say why.
    onError: () => refreshAfterCaseChange(queryClient, item.id),
  });
  const urgency = urgencyLabels[item.urgency];
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      data-offer-case-id={item.id}
      data-urgency={item.urgency}
      style={{ borderLeft: `8px solid var(--mantine-color-${urgencyColors[item.urgency]}-7)` }}
    >
      <Stack gap={6}>
        <Text fw={700}>
          {urgency} · {item.specialty.name} · case {item.displayNumber}
        </Text>
        {item.ackDueAt === null ? (
          <TimerField label="Escalates in">
            <Text size="sm">Last step: nobody further to ask</Text>
          </TimerField>
        ) : (
          <Countdown label="Escalates in" startAt={item.createdAt} dueAt={item.ackDueAt} />
        )}
        <Group gap="xs">
          <Button component={Link} to={href} variant="default" mih={44}>
            Open
          </Button>
          <Button
            mih={44}
            loading={accept.isPending}
            onClick={() => {
              accept.mutate({ path: { caseId: item.id } });
            }}
          >
            {caseTexts.accept}
          </Button>
          <Button
            variant="default"
            mih={44}
            onClick={() => {
              onDecline(item);
            }}
          >
            {caseTexts.decline}
          </Button>
        </Group>
        {accept.error && (
          <Text size="sm" c="red.9">
            The case was not accepted: {errorText(accept.error)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export function OfferAlert({ offers }: { readonly offers: readonly CaseSummary[] }) {
  const { pathname } = useLocation();
  const decline = useMutation(declineCaseMutation());
  const [declining, setDeclining] = useState<CaseSummary | null>(null);
  const shown = offers.filter((item) => routes.specialistCase.href({ id: item.id }) !== pathname);
  const more = shown.length - SHOWN;
  return (
    <>
      {/* An alert as it appears, so that it is announced; the countdowns inside (timers) do not speak. */}
      {shown.length > 0 && (
        <Alert
          role="alert"
          aria-label="Offers waiting for your answer"
          color="orange"
          variant="outline"
          bg="orange.0"
          p="sm"
          mb="md"
        >
          <Stack gap="xs">
            <Text fw={700} c="dark.9">
              {shown.length === 1
                ? 'A case is waiting for your answer'
                : `${shown.length} cases are waiting for your answer`}
            </Text>
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {shown.slice(0, SHOWN).map((item) => (
                <OfferItem key={item.id} item={item} onDecline={setDeclining} />
              ))}
            </Stack>
            {more > 0 && (
              <Anchor component={Link} to={routes.specialistCases.href()} size="sm">
                {more} more waiting: open the case box
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
      {declining && (
        <ReasonDialog
          caseId={declining.id}
          opened
          onClose={() => {
            setDeclining(null);
          }}
          title={`${caseTexts.decline} case ${declining.displayNumber}`}
          reasonLabel="Reason for declining"
          confirmLabel={caseTexts.decline}
          schema={zCaseDecline}
          send={(body) =>
            decline.mutateAsync({ path: { caseId: declining.id }, body: { reason: body.reason ?? '' } })
          }
        />
      )}
    </>
  );
}
