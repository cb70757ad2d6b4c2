// The CSVs built in the browser, read back with papaparse: a byte-order mark and CRLF, a file name carrying
// the filters, numbers as numbers with the unit in the header, times as ISO 8601 with their offset, and a
// name that starts like a formula (a display name anyone may set for themselves) neutralised, never live.
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import Papa from 'papaparse';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  handleGetHospitalInsights,
  handleGetPhysicianInsights,
  handleGetSpecialistReport,
  handleListSpecialties,
} from '../../generated/msw.gen.ts';
import type { PhysicianInsights, SpecialistReport } from '../../generated/types.gen.ts';
import { renderApp, specialist, stubObjectUrls, userWithRole } from '../support/harness.tsx';

const FORMULA = '=HYPERLINK("http://x","y")';

/** What the user downloads: each file's name and its bytes. */
function captureDownloads() {
  const { create } = stubObjectUrls();
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return {
    async last(): Promise<{ name: string; bytes: Uint8Array; rows: Record<string, string>[] }> {
      const blob = create.mock.calls.at(-1)?.[0];
      if (!(blob instanceof Blob)) throw new Error('nothing was downloaded');
      const bytes = new Uint8Array(await blob.arrayBuffer());
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      const parsed = Papa.parse<Record<string, string>>(text.slice(1), {
        delimiter: ',',
        header: true,
        skipEmptyLines: true,
      });
      expect(parsed.errors).toEqual([]);
      return { name: names.at(-1) ?? '', bytes, rows: parsed.data };
    },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the CSVs the browser writes', () => {
  it("neutralises a physician's display name that starts like a formula", async () => {
    const downloads = captureDownloads();
    const body: PhysicianInsights = {
      range: { from: '2026-10-01', to: '2026-10-31' },
      specialtyMedian: 240,
      items: [
        {
          physician: { id: 'usr_formula', displayName: FORMULA },
          offered: 12,
          accepted: 10,
          declined: 2,
          responseMedian: 255,
          responseP90: 600,
          withinAckShare: 0.75,
        },
      ],
    };
    await renderApp(
      '/insights/physicians/?preset=custom&from=2026-10-01&to=2026-10-31&urgency=emergent',
      userWithRole('hospital'),
      handleGetPhysicianInsights({ body }),
      handleListSpecialties(),
    );
    await userEvent.click(await screen.findByRole('button', { name: /Download CSV/ }));
    const { name, rows } = await downloads.last();
    expect(name).toMatch(
      /^physicians_[A-Za-z0-9_-]+_all-specialties_emergent_2026-10-01_to_2026-10-31\.csv$/,
    );
    expect(rows).toEqual([
      {
        physician: `'${FORMULA}`,
        offered: '12',
        accepted: '10',
        declined: '2',
        response_median_min: '4.25',
        response_p90_min: '10',
        share_within_ack: '0.75',
      },
    ]);
  });

  it('writes the specialist report with times as ISO 8601 with their offset and minutes as numbers', async () => {
    const downloads = captureDownloads();
    const body: SpecialistReport = {
      range: { from: '2026-10-01', to: '2026-10-31' },
      physician: { id: specialist.id, displayName: specialist.displayName },
      figures: null,
      specialtyMedian: null,
      consultations: [
        {
          caseId: 'cas_1',
          displayNumber: 'SGH-00042',
          specialty: '@Neurology',
          urgency: 'emergent',
          openedAt: '2026-10-02T09:14:00.000Z',
          acceptedAt: '2026-10-02T09:18:12.000Z',
          consultedAt: '2026-11-27T23:04:00.000Z',
          disposition: 'admit',
        },
      ],
    };
    await renderApp(
      '/specialist/specialist-report/?preset=custom&from=2026-10-01&to=2026-10-31',
      specialist,
      handleGetSpecialistReport({ body }),
    );
    await userEvent.click(await screen.findByRole('button', { name: /Download CSV/ }));
    const { name, rows } = await downloads.last();
    expect(name).toMatch(/^specialist-report_[A-Za-z0-9_-]+_2026-10-01_to_2026-10-31\.csv$/);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      case_number: 'SGH-00042',
      specialty: "'@Neurology",
      time_to_accept_min: '4.2',
      disposition: 'admit',
    });
    expect(rows[0]?.['opened_at']).toMatch(/^2026-10-02T\d{2}:14:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(rows[0]?.['consulted_at'] ?? '')).toBe(Date.parse('2026-11-27T23:04:00.000Z'));
  });

  it('writes the time-to-accept table as numbers with the unit in the header, shares from 0 to 1', async () => {
    const downloads = captureDownloads();
    await renderApp(
      '/insights/hospitals/?preset=custom&from=2026-10-01&to=2026-10-31',
      userWithRole('emergency_room_admin'),
      handleGetHospitalInsights(),
      handleListSpecialties(),
    );
    const buttons = await screen.findAllByRole('button', { name: /Download CSV: Time to accept/ });
    await userEvent.click(buttons[0] as HTMLElement);
    const { name, rows } = await downloads.last();
    expect(name).toMatch(
      /^time-to-accept_[A-Za-z0-9_-]+_all-specialties_all-urgencies_2026-10-01_to_2026-10-31\.csv$/,
    );
    expect(rows[0]).toMatchObject({
      day: '2026-10-01',
      cases: '142',
      time_to_accept_median_min: '4.2',
      time_to_accept_p90_min: '10.18',
      share_within_target: '0.9',
    });
  });
});
