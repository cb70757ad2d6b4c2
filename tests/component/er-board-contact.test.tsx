// Whom the ER board's Call link calls about a case: the person who holds its offer when the board knows
// their number (the on-call primary or backup, whose numbers the coverage carries), else whoever is on call
// for the specialty, named on the link, else the switchboard. A specialist off the rota (offered the case by
// a reassign) has no number on the board: the link then names the on-call person it really calls.
import { describe, expect, it } from 'vitest';
import type { CaseSummary, Coverage, OfferedTo } from '../../generated/types.gen.ts';
import { contactOf } from '../../src/app/routes/emergency-room/emergency-room-page.tsx';
import { examples } from '../support/harness.tsx';

const PRIMARY = { id: 'usr_primary', displayName: 'Dr Priya Shah' };
const BACKUP = { id: 'usr_backup', displayName: 'Dr Tom Reed' };
const OFF_ROTA = { id: 'usr_other', displayName: 'Dr Ana Silva' };

function caseOfferedTo(...offeredTo: OfferedTo[]): CaseSummary {
  const base = examples.caseList().items[0] as CaseSummary;
  return { ...base, specialty: { id: 'spc_neurology', name: 'Neurology' }, offeredTo };
}

function coverage(now: 'on call' | 'nobody'): Coverage {
  const at = new Date().toISOString();
  return {
    timeZone: 'Europe/London',
    switchboardPhone: '+44 20 7946 0000',
    from: at,
    to: at,
    specialties: [
      {
        specialty: { id: 'spc_neurology', name: 'Neurology' },
        specialists: 3,
        now:
          now === 'nobody'
            ? null
            : {
                shiftId: 'shf_1',
                primary: PRIMARY,
                primaryPhone: '+44 20 7946 0321',
                backup: BACKUP,
                backupPhone: '+44 20 7946 0654',
                until: at,
              },
        gaps: [],
      },
    ],
  };
}

describe('the Call link of the ER board', () => {
  it('calls the on-call person who holds the offer', () => {
    expect(contactOf(caseOfferedTo({ specialist: PRIMARY, step: 'primary' }), coverage('on call'))).toEqual({
      name: PRIMARY.displayName,
      phone: '+44 20 7946 0321',
    });
    expect(contactOf(caseOfferedTo({ specialist: BACKUP, step: 'backup' }), coverage('on call'))).toEqual({
      name: BACKUP.displayName,
      phone: '+44 20 7946 0654',
    });
  });

  it('names the on-call primary it calls when the holder is off the rota, and the switchboard without one', () => {
    const reassigned = caseOfferedTo({ specialist: OFF_ROTA, step: 'primary' });
    expect(contactOf(reassigned, coverage('on call'))).toEqual({
      name: PRIMARY.displayName,
      phone: '+44 20 7946 0321',
    });
    expect(contactOf(reassigned, coverage('nobody'))).toEqual({
      name: 'switchboard',
      phone: '+44 20 7946 0000',
    });
    expect(contactOf(reassigned, undefined)).toBeNull();
  });
});
