// The signed-in user's own settings: profile (display name, phone), notification preferences (sound, toasts),
// SMS fallback to their phone (which then must be a mobile number in international form), and the password the embedded identity provider keeps. Profile saves are versioned and audited; a password
// change needs the current password, follows the one password rule, and is throttled as sign-ins are.
import type { MySettings, MySettingsUpdate, PasswordChange } from '../../../generated/types.gen.ts';
import { recordAdminChange } from '../audit/admin-audit-repository.ts';
import type { Actor, Caller } from '../auth/caller.ts';
import { passwordProblem } from '../auth/password-rule.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { Database } from '../db/database.ts';
import { MOBILE_NUMBER } from '../domain/sms-alert.ts';
import { badRequest, conflict, invalidToken, tooManyRequests } from '../errors.ts';
import { claimSignIn, forgiveSignIn } from '../identity/rate-limit.ts';
import {
  findUserById,
  readOwnSettings,
  setPassword,
  updateOwnSettings,
  type OwnSettings,
} from './users-repository.ts';

export const settingsProblems = {
  gone: 'Your account no longer exists',
  stale:
    'Your settings were changed elsewhere (another tab or an administrator) while you were editing them. Reload to see the change, then make yours again.',
  noPassword: "Your password is kept by your organisation's sign-in service: change it there",
  wrongPassword: 'is not your current password',
  samePassword: 'must differ from your current password',
  throttled: 'Too many wrong passwords: wait a few minutes, then try again',
  smsNeedsMobile:
    'Mobile number: SMS alerts need a mobile number in international form, a + and the country code first, e.g. +44 7700 900123',
} as const;

function toApi(settings: OwnSettings, smsAvailable: boolean): MySettings {
  return {
    displayName: settings.displayName,
    email: settings.email,
    phone: settings.phone,
    preferences: { sound: settings.sound, toasts: settings.toasts },
    smsFallback: settings.smsFallback,
    smsAvailable,
    passwordChangeable: settings.hasPassword,
    version: settings.version,
  };
}

async function ownSettings(db: Database, caller: Caller): Promise<OwnSettings> {
  const settings = await readOwnSettings(db, caller.id);
  if (!settings) throw invalidToken(settingsProblems.gone);
  return settings;
}

/** `smsAvailable`: the server has an SMS provider. */
export async function readMySettings(
  db: Database,
  caller: Caller,
  smsAvailable: boolean,
): Promise<MySettings> {
  return toApi(await ownSettings(db, caller), smsAvailable);
}

export async function changeMySettings(
  db: Database,
  actor: Actor,
  body: MySettingsUpdate,
  smsAvailable: boolean,
): Promise<MySettings> {
  const { caller } = actor;
  const displayName = body.displayName.trim();
  if (displayName === '') throw badRequest([{ loc: ['body', 'displayName'], msg: 'must not be blank' }]);
  const phone = body.phone?.trim() ? body.phone.trim() : null;
  const before = await ownSettings(db, caller);
  if (before.version !== body.version) throw conflict(settingsProblems.stale);
  const smsFallback = body.smsFallback ?? before.smsFallback;
  // SMS goes to the phone as the provider takes it: a number in international form, or none is sent.
  if (smsFallback && (phone === null || !MOBILE_NUMBER.test(phone))) {
    throw badRequest([{ loc: ['body', 'phone'], msg: settingsProblems.smsNeedsMobile }]);
  }
  return db.transaction(async (tx) => {
    const changed = await updateOwnSettings(tx, caller.id, body.version, {
      displayName,
      phone,
      sound: body.preferences.sound,
      toasts: body.preferences.toasts,
      smsFallback,
    });
    if (!changed) throw conflict(settingsProblems.stale);
    const after = await readOwnSettings(tx, caller.id);
    if (!after) throw invalidToken(settingsProblems.gone);
    const shown = (s: OwnSettings) => ({
      displayName: s.displayName,
      phone: s.phone,
      sound: s.sound,
      toasts: s.toasts,
      smsFallback: s.smsFallback,
      version: s.version,
    });
    await recordAdminChange(tx, {
      actorId: caller.id,
      at: new Date(),
      address: actor.address,
      action: 'user.settings_updated',
      hospitalSystemId: caller.hospitalSystemId,
      hospitalId: caller.hospitalId,
      targetType: 'user',
      targetId: caller.id,
      before: shown(before),
      after: shown(after),
    });
    return toApi(after, smsAvailable);
  });
}

export async function changeMyPassword(db: Database, actor: Actor, body: PasswordChange): Promise<void> {
  const { caller } = actor;
  const user = await findUserById(db, caller.id);
  if (!user) throw invalidToken(settingsProblems.gone);
  if (user.passwordHash === null) throw conflict(settingsProblems.noPassword);
  const weak = passwordProblem(body.newPassword, { email: user.email, displayName: user.displayName });
  if (weak !== null) throw badRequest([{ loc: ['body', 'newPassword'], msg: weak }]);
  // Counted before the check, as a sign-in is: guessing the current password here is no faster than there.
  const source = { email: user.email, address: actor.address ?? 'unknown' };
  if (!(await claimSignIn(db, source))) throw tooManyRequests(settingsProblems.throttled, 60);
  if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
    throw badRequest([{ loc: ['body', 'currentPassword'], msg: settingsProblems.wrongPassword }]);
  }
  await forgiveSignIn(db, source);
  if (await verifyPassword(body.newPassword, user.passwordHash)) {
    throw badRequest([{ loc: ['body', 'newPassword'], msg: settingsProblems.samePassword }]);
  }
  await db.transaction(async (tx) => {
    await setPassword(tx, user.id, await hashPassword(body.newPassword));
    await recordAdminChange(tx, {
      actorId: caller.id,
      at: new Date(),
      address: actor.address,
      action: 'user.password_changed',
      hospitalSystemId: caller.hospitalSystemId,
      hospitalId: caller.hospitalId,
      targetType: 'user',
      targetId: caller.id,
      before: null,
      after: null,
    });
  });
}
