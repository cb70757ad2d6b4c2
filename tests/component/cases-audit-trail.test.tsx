// A case's audit trail on the ER case page, for the emergency room admin: loaded when asked for (each read
// of it is audited), newest first, older events a page at a time; nobody else has it on the page.
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { handleGetCase, handleGetCaseAudit, handleListTriageAssessments } from '../../generated/msw.gen.ts';
import type { AuditEvent } from '../../generated/types.gen.ts';
import { auditTrailTexts } from '../../src/features/cases/index.ts';
import { doctor, examples, renderApp, userWithRole } from '../support/harness.tsx';

const triage = handleListTriageAssessments({ body: examples.triage() });

function event(id: number, action: string): AuditEvent {
  return {
    id: String(id),
    at: `2026-11-22T08:${String(10 + id).padStart(2, '0')}:00.000Z`,
    user: { id: 'usr_demo_er_doctor', displayName: 'Dr Dana Okafor' },
    action,
    caseId: 'cas_audit',
    address: '10.1.2.3',
  };
}

describe('the case audit trail', () => {
  it('shows the emergency room admin the trail on request, newest first, and older events page by page', async () => {
    const user = userEvent.setup();
    const item = examples.case();
    item.id = 'cas_audit';
    const cursors: (string | null)[] = [];
    await renderApp(
      '/emergency-room/doctor/cases/cas_audit',
      userWithRole('emergency_room_admin'),
      triage,
      handleGetCase({ body: item }),
      handleGetCaseAudit(({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        cursors.push(cursor);
        return Response.json(
          cursor === null
            ? { items: [event(3, 'case.audit.read'), event(2, 'case.read')], nextCursor: '2' }
            : { items: [event(1, 'case.create')], nextCursor: null },
        );
      }),
    );
    await user.click(await screen.findByRole('button', { name: auditTrailTexts.show }));
    const list = await screen.findByRole('list', { name: 'Audit events' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('case.audit.read'), expect.stringContaining('case.read')]);
    await user.click(screen.getByRole('button', { name: auditTrailTexts.older }));
    expect(await within(list).findByText(/case\.create/)).toBeInTheDocument();
    expect(cursors).toEqual([null, '2']);
    expect(screen.queryByRole('button', { name: auditTrailTexts.older })).not.toBeInTheDocument();
  });

  it('is not on the page of the doctor', async () => {
    const item = examples.case();
    await renderApp(`/emergency-room/doctor/cases/${item.id}`, doctor, triage, handleGetCase({ body: item }));
    expect(await screen.findByRole('button', { name: 'More actions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: auditTrailTexts.show })).not.toBeInTheDocument();
  });
});
