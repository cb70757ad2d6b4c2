import { describe, expect, it } from 'vitest';
import type { Case, Offer } from '../../generated/types.gen.ts';
import { fileProblem, MAX_FILE_BYTES } from '../../src/features/cases/api/use-attachment-uploads.ts';
import { routedToText } from '../../src/features/cases/components/case-created.tsx';

function offer(name: string, step: Offer['step'], declined = false): Offer {
  return {
    id: `off_${name}`,
    specialist: { id: `usr_${name}`, displayName: name },
    step,
    offeredAt: '2026-11-22T08:52:00.000Z',
    deliveredAt: null,
    seenAt: null,
    acceptedAt: null,
    declinedAt: declined ? '2026-11-22T08:53:00.000Z' : null,
    declineReason: declined ? 'In theatre' : null,
    lastAlertedAt: '2026-11-22T08:52:00.000Z',
    alertCount: 1,
    attempts: [],
  };
}

function caseWith(offers: Offer[], noCoverage: boolean): Case {
  return { specialty: { id: 'spc_neurology', name: 'Neurology' }, offers, noCoverage } as Case;
}

describe('to whom a new case was routed', () => {
  it('names the on-call specialist and their place in the chain', () => {
    expect(routedToText(caseWith([offer('Dr Sam Lindqvist', 'primary')], false))).toBe(
      'Routed to Dr Sam Lindqvist (on-call primary).',
    );
  });

  it('says when no shift covered the specialty and who it went to instead', () => {
    const text = routedToText(caseWith([offer('Dr A', 'all'), offer('Dr B', 'all')], true));
    expect(text).toBe(
      'No on-call coverage for Neurology: offered to every Neurology specialist (Dr A, Dr B).',
    );
  });

  it('leaves out offers already declined', () => {
    expect(routedToText(caseWith([offer('Dr A', 'primary', true), offer('Dr B', 'backup')], false))).toBe(
      'Routed to Dr B (on-call backup).',
    );
  });
});

describe('which files can be attached', () => {
  it('takes JPEG, PNG and PDF up to 20 MB, and says why not otherwise', () => {
    expect(fileProblem(new File(['x'], 'ct.jpg', { type: 'image/jpeg' }))).toBeNull();
    expect(fileProblem(new File(['x'], 'report.pdf', { type: 'application/pdf' }))).toBeNull();
    expect(fileProblem(new File(['x'], 'scan.gif', { type: 'image/gif' }))).toBe(
      'Only JPEG, PNG and PDF files can be attached.',
    );
    const big = new File([new Uint8Array(MAX_FILE_BYTES + 1)], 'big.png', { type: 'image/png' });
    expect(fileProblem(big)).toBe('This file is larger than 20 MB.');
  });
});
