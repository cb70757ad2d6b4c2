import { describe, expect, it } from 'vitest';
import { initialRoute, nextRoute, type RoutingContext } from '../../server/src/domain/routing.ts';

const specialists = ['neuro_a', 'neuro_b', 'neuro_c', 'neuro_d'];
const covered: RoutingContext = {
  shift: { primaryId: 'neuro_a', backupId: 'neuro_b' },
  specialistIds: specialists,
  declinedIds: [],
};

describe('the routing chain with on-call coverage', () => {
  it('offers a new case to the primary only', () => {
    expect(initialRoute(covered)).toEqual({
      step: 'primary',
      offerTo: ['neuro_a'],
      noCoverage: false,
      notifyAdmins: false,
      final: false,
    });
  });

  it('goes from the primary to the backup, then to every specialist, telling the admins', () => {
    expect(nextRoute('primary', covered)).toMatchObject({
      step: 'backup',
      offerTo: ['neuro_b'],
      final: false,
    });
    expect(nextRoute('backup', covered)).toEqual({
      step: 'all',
      offerTo: specialists,
      noCoverage: false,
      notifyAdmins: true,
      final: true,
    });
  });

  it('skips a missing backup', () => {
    const noBackup = { ...covered, shift: { primaryId: 'neuro_a', backupId: null } };
    expect(nextRoute('primary', noBackup)).toMatchObject({ step: 'all', offerTo: specialists });
  });

  it('never offers again to someone who declined', () => {
    const declined = { ...covered, declinedIds: ['neuro_a', 'neuro_b'] };
    expect(nextRoute('primary', declined)).toMatchObject({ step: 'all', offerTo: ['neuro_c', 'neuro_d'] });
    expect(initialRoute({ ...covered, declinedIds: ['neuro_a'] })).toMatchObject({ step: 'backup' });
  });

  it('stays at the end of the chain', () => {
    expect(nextRoute('all', covered)).toMatchObject({ step: 'all', final: true });
  });
});

describe('the routing chain without coverage', () => {
  it('offers to everyone of the specialty at once, marked, and tells the admins', () => {
    expect(initialRoute({ shift: null, specialistIds: specialists, declinedIds: [] })).toEqual({
      step: 'all',
      offerTo: specialists,
      noCoverage: true,
      notifyAdmins: true,
      final: true,
    });
  });

  it('offers to nobody when the specialty has no specialists, still telling the admins', () => {
    expect(initialRoute({ shift: null, specialistIds: [], declinedIds: [] })).toMatchObject({
      offerTo: [],
      notifyAdmins: true,
    });
  });
});
