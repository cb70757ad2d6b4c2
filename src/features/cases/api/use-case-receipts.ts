// The closed loop's receipts, the doctor's read receipts of an offer: the specialist's app says when an offer reached it
// (the case box listed it) and when the specialist opened it. The server keeps the first of each kind, so
// each is sent once per case and session; a failed receipt is not the person's problem and is not shown.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { recordCaseReceiptMutation } from '../../../../generated/@tanstack/react-query.gen.ts';
import type { Case, CaseSummary } from '../../../../generated/types.gen.ts';
import { refreshAfterCaseChange } from './invalidate.ts';

type ReceiptKind = 'delivered' | 'seen';

const sent = new Set<string>();

function claim(kind: ReceiptKind, caseId: string): boolean {
  const key = `${kind}:${caseId}`;
  if (sent.has(key)) return false;
  sent.add(key);
  return true;
}

/** Records `delivered` for every case the case box lists as offered to the caller. */
export function useDeliveredReceipts(offered: readonly CaseSummary[] | undefined): void {
  const { mutate } = useMutation(recordCaseReceiptMutation());
  useEffect(() => {
    for (const item of offered ?? []) {
      if (claim('delivered', item.id)) mutate({ path: { caseId: item.id }, body: { kind: 'delivered' } });
    }
  }, [offered, mutate]);
}

/** Records `seen` (and `delivered`, if the box never listed it) when the specialist opens an offered case. */
export function useSeenReceipt(caseData: Case | undefined, specialistId: string | undefined): void {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    ...recordCaseReceiptMutation(),
    onSuccess: (changed) => refreshAfterCaseChange(queryClient, changed.id, changed),
  });
  const offer = caseData?.offers.find(
    (candidate) => candidate.specialist.id === specialistId && candidate.declinedAt === null,
  );
  const caseId = caseData?.id;
  const needsDelivered = offer !== undefined && offer.deliveredAt === null;
  const needsSeen = offer !== undefined && offer.seenAt === null;
  useEffect(() => {
    if (caseId === undefined) return;
    if (needsDelivered && claim('delivered', caseId)) {
      mutate({ path: { caseId }, body: { kind: 'delivered' } });
    }
    if (needsSeen && claim('seen', caseId)) mutate({ path: { caseId }, body: { kind: 'seen' } });
  }, [caseId, needsDelivered, needsSeen, mutate]);
}
