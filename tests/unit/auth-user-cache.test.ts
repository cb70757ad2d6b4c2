import { describe, expect, it } from 'vitest';
import { UserCache } from '../../server/src/auth/authenticate.ts';
import type { UserRecord } from '../../server/src/users/users-repository.ts';

function user(id: string, hospitalId = 'hosp_sgh'): UserRecord {
  return { id, hospitalId, displayName: id } as UserRecord;
}

describe("the authenticator's user cache", () => {
  function setup(ttlMs: number, capacity?: number) {
    let clock = 1_000;
    const loads: string[] = [];
    const records = new Map<string, UserRecord>([
      ['a', user('a')],
      ['b', user('b')],
      ['c', user('c')],
    ]);
    const cache = new UserCache(ttlMs, () => clock, capacity);
    const get = (key: string) =>
      cache.get(key, () => {
        loads.push(key);
        return Promise.resolve(records.get(key));
      });
    return {
      get,
      loads,
      records,
      advance: (ms: number) => {
        clock += ms;
      },
    };
  }

  it('reads a user once within its time, and again after it', async () => {
    const { get, loads, records, advance } = setup(5_000);
    expect((await get('a'))?.hospitalId).toBe('hosp_sgh');
    records.set('a', user('a', 'hosp_other'));
    advance(4_999);
    expect((await get('a'))?.hospitalId).toBe('hosp_sgh');
    expect(loads).toEqual(['a']);
    advance(1);
    expect((await get('a'))?.hospitalId).toBe('hosp_other');
    expect(loads).toEqual(['a', 'a']);
  });

  it('never keeps a miss: an account created a moment later works at once', async () => {
    const { get, loads, records } = setup(5_000);
    expect(await get('new')).toBeUndefined();
    records.set('new', user('new'));
    expect((await get('new'))?.id).toBe('new');
    expect(loads).toEqual(['new', 'new']);
  });

  it('forgets a removed user as soon as its time is up', async () => {
    const { get, records, advance } = setup(5_000);
    expect(await get('b')).toBeDefined();
    records.delete('b');
    advance(5_000);
    expect(await get('b')).toBeUndefined();
  });

  it('reads every time when its time is 0', async () => {
    const { get, loads } = setup(0);
    await get('a');
    await get('a');
    expect(loads).toEqual(['a', 'a']);
  });

  it('holds at most its capacity, dropping the oldest entry', async () => {
    const { get, loads } = setup(5_000, 2);
    await get('a');
    await get('b');
    await get('c');
    await get('b');
    await get('c');
    expect(loads).toEqual(['a', 'b', 'c']);
    await get('a');
    expect(loads).toEqual(['a', 'b', 'c', 'a']);
  });

  it('forgets a changed user at once, under every key that found them', async () => {
    const { get, loads, records } = setup(5_000);
    const cache = new UserCache(5_000, () => 0);
    await cache.get('a-by-sub', () => Promise.resolve(user('a')));
    await cache.get('a-by-email', () => Promise.resolve(user('a')));
    cache.forget('a');
    const reloaded: string[] = [];
    await cache.get('a-by-sub', () => (reloaded.push('sub'), Promise.resolve(user('a', 'hosp_other'))));
    await cache.get('a-by-email', () => (reloaded.push('email'), Promise.resolve(user('a'))));
    expect(reloaded).toEqual(['sub', 'email']);

    await get('b');
    records.set('b', user('b', 'hosp_other'));
    expect((await get('b'))?.hospitalId).toBe('hosp_sgh');
    expect(loads).toEqual(['b']);
  });

  it('never stores a user read before a change announced while it was being read', async () => {
    const cache = new UserCache(5_000, () => 0);
    let finish: (record: UserRecord) => void = () => undefined;
    const loading = cache.get('a', () => new Promise<UserRecord>((resolve) => (finish = resolve)));
    cache.forget('a');
    finish(user('a'));
    expect((await loading)?.hospitalId).toBe('hosp_sgh');
    const fresh = await cache.get('a', () => Promise.resolve(user('a', 'hosp_other')));
    expect(fresh?.hospitalId).toBe('hosp_other');
  });
});
