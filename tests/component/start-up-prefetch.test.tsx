// Start-up asks for the first screen's list while the app renders: the screen then shows that answer and does
// not ask again. A role that may not open the screen asks for nothing.
import { readFileSync } from 'node:fs';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  handleGetCoverage,
  handleGetHospital,
  handleGetOrganisationOverview,
  handleListCases,
  handleListMyShifts,
  handleRecordCaseReceipt,
} from '../../generated/msw.gen.ts';
import type { Hospital, Role } from '../../generated/types.gen.ts';
import { prefetchScreenFor } from '../../src/app/router.tsx';
import { ROLE_HOME_ROUTES } from '../../src/lib/auth/index.ts';
import { examples, isWaitingOffersQuery, renderAppWith, settled } from '../support/harness.tsx';

const contract = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as {
  components: { examples: Record<string, { value: unknown } | undefined> };
};
const hospital = contract.components.examples['Hospital']?.value as Hospital;

const HOMES: readonly { role: Role; heading: string }[] = [
  { role: 'er_doctor', heading: 'My cases' },
  { role: 'specialist', heading: 'Case box' },
  { role: 'emergency_room', heading: 'Cases' },
];

function countingList() {
  const asked: string[] = [];
  const handler = handleListCases(({ request }) => {
    const url = new URL(request.url);
    // The shell's own offers banner asks for the waiting offers on every screen: not the screen's list.
    if (!isWaitingOffersQuery(request.url)) asked.push(url.search);
    return Response.json(examples.caseList());
  });
  return { asked, handler };
}

describe('the first screen’s list, asked for at start-up', () => {
  for (const { role, heading } of HOMES) {
    it(`${role}: goes out before the first render and is the one the home shows`, async () => {
      const list = countingList();
      let beforeRender = -1;
      await renderAppWith(
        ROLE_HOME_ROUTES[role],
        role,
        {
          beforeRender: async (session, queryClient) => {
            prefetchScreenFor(ROLE_HOME_ROUTES[role], queryClient, session.signedInRoles());
            await expect.poll(() => list.asked.length, { timeout: 10_000 }).toBe(1);
            beforeRender = list.asked.length;
          },
        },
        list.handler,
        // The specialist's box tells the doctor an offer was delivered, and lists the shifts below it.
        handleRecordCaseReceipt(() => Response.json(examples.case())),
        handleListMyShifts({ body: { items: [] } }),
      );

      await screen.findByRole('heading', { level: 1, name: heading });
      expect(await screen.findAllByRole('link', { name: /^SGH-/ })).not.toHaveLength(0);
      await settled();
      expect(beforeRender).toBe(1);
      expect(list.asked).toHaveLength(1);
    });
  }

  it('emergency_room_admin: coverage and the open cases go out before the first render, each once', async () => {
    const list = countingList();
    let coverage = 0;
    await renderAppWith(
      ROLE_HOME_ROUTES.emergency_room_admin,
      'emergency_room_admin',
      {
        beforeRender: async (session, queryClient) => {
          prefetchScreenFor(ROLE_HOME_ROUTES.emergency_room_admin, queryClient, session.signedInRoles());
          await expect.poll(() => [list.asked.length, coverage], { timeout: 10_000 }).toEqual([1, 1]);
        },
      },
      list.handler,
      handleGetCoverage(() => {
        coverage += 1;
        const now = new Date().toISOString();
        return Response.json({
          timeZone: 'Europe/London',
          from: now,
          to: now,
          specialties: [],
          switchboardPhone: null,
        });
      }),
    );
    expect(await screen.findAllByRole('link', { name: /^SGH-/ })).not.toHaveLength(0);
    await settled();
    expect([list.asked.length, coverage]).toEqual([1, 1]);
  });

  it('hospital: the hospitals at a glance go out before the first render, once', async () => {
    let overview = 0;
    await renderAppWith(
      ROLE_HOME_ROUTES.hospital,
      'hospital',
      {
        beforeRender: async (session, queryClient) => {
          prefetchScreenFor(ROLE_HOME_ROUTES.hospital, queryClient, session.signedInRoles());
          await expect.poll(() => overview, { timeout: 10_000 }).toBe(1);
        },
      },
      handleGetOrganisationOverview(() => {
        overview += 1;
        return Response.json({ hospitals: [] });
      }),
      // Its switchboard number and SMS times, below the overview.
      handleGetHospital({ body: hospital }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Your hospital' });
    await settled();
    expect(overview).toBe(1);
  });

  it('asks for nothing when the signed-in roles may not open the screen', async () => {
    const list = countingList();
    await renderAppWith(
      ROLE_HOME_ROUTES.er_doctor,
      'hospital',
      {
        beforeRender: async (session, queryClient) => {
          prefetchScreenFor(ROLE_HOME_ROUTES.er_doctor, queryClient, session.signedInRoles());
          await settled();
        },
      },
      list.handler,
    );
    await settled();
    expect(list.asked).toEqual([]);
  });
});
