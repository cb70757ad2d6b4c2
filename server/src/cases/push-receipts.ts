// A pushed offer reached a device: its service worker reports the one-time credential the push carried,
// scoped to that one offer (never the user's bearer token, which a service worker does not hold). The
// credential is spent by its first use; the offer is then delivered, as when an open tab reports it.
import type { Queryable } from '../db/database.ts';
import { notFound } from '../errors.ts';
import { hashReceiptToken } from '../push/push-outbox.ts';
import { spendReceiptToken } from '../push/push-repository.ts';
import { CaseJournal } from './case-journal.ts';
import type { CasesContext } from './cases-context.ts';
import { readCaseState } from './cases-repository.ts';
import { readOffer, readOfferById, recordOfferReceipt } from './offers-repository.ts';

export const pushReceiptDetails = {
  unknown: 'This receipt is unknown, expired or already used',
} as const;

async function record(tx: Queryable, token: string, now: Date, address: string | null): Promise<void> {
  const spent = await spendReceiptToken(tx, hashReceiptToken(token), now);
  const offer = spent === undefined ? undefined : await readOfferById(tx, spent.offerId);
  if (offer === undefined) throw notFound(pushReceiptDetails.unknown);
  const row = await readCaseState(tx, offer.case_id, { lock: true });
  if (row === undefined) throw notFound(pushReceiptDetails.unknown);
  const journal = new CaseJournal(tx, offer.case_id, now);
  const state = await readOffer(tx, offer.case_id, offer.specialist_id);
  if (state?.delivered_at === null) {
    await recordOfferReceipt(tx, offer.case_id, offer.specialist_id, now, false);
    await journal.event('delivered', offer.specialist_id, { channel: 'push' });
    journal.watch([row.opened_by]);
  }
  await journal.audit(offer.specialist_id, 'case.receipt.delivered', address);
  await journal.publish(row.status);
}

export async function recordPushReceipt(
  ctx: CasesContext,
  token: string,
  address: string | null,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction((tx) => record(tx, token, now, address));
}
