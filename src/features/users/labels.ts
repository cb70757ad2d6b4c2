// The words of the users feature: roles as people say them, and the screens' texts.
import type { Role } from '../../../generated/types.gen.ts';

export const roleLabels: Record<Role, string> = {
  emergency_room: 'ER staff',
  emergency_room_admin: 'ER admin',
  er_doctor: 'ER doctor',
  specialist: 'Specialist',
  hospital_system: 'Hospital system admin',
  hospital: 'Hospital admin',
  hospital_system_business_administrator: 'Hospital system business admin',
  hospital_business_administrator: 'Hospital business admin',
};

export function roleLabel(role: string): string {
  return (roleLabels as Record<string, string | undefined>)[role] ?? role;
}

export const userTexts = {
  passwordRule:
    'At least 12 characters, with at least one letter and one digit; nothing common, easy to guess or made of the person’s name or email.',
  chooseSpecialty: 'Choose at least one specialty',
  temporaryPasswordHint:
    'Give it to the person in person or by phone; they choose their own at first sign-in.',
  created: (name: string) => `${name} was added. They sign in with the temporary password.`,
  saved: (name: string) => `${name}'s details were saved.`,
  deactivated: (name: string) => `${name} was deactivated: they can no longer sign in.`,
  reactivated: (name: string) => `${name} was reactivated.`,
  stale: 'Someone else changed this user since you opened it. Reload to see their change, then edit again.',
  reload: 'Reload',
  listError: 'The users could not be loaded. Check your connection, then retry.',
  auditError: 'The audit log could not be loaded. Check your connection, then retry.',
  retry: 'Retry',
  loadingUsers: 'Loading users…',
  loadingAudit: 'Loading the audit log…',
  noUsers: 'No user matches. Change the search, or add one.',
  noAudit: 'No administrative change yet.',
} as const;
