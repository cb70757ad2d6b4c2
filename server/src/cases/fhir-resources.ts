// The building blocks shared by the FHIR R4 export's resources: ids, the bundle-local addresses every
// reference points at, and the practitioner as a logical reference. Pure (hashing only, no I/O).
import { createHash } from 'node:crypto';

export type Resource = Record<string, unknown> & { resourceType: string; id: string };

export const SYSTEM = 'urn:case-router';

/** A FHIR id: letters, digits, '-' and '.', at most 64 characters (our ids carry '_'). */
export const fhirId = (...parts: string[]) =>
  parts
    .join('-')
    .replace(/[^A-Za-z0-9.-]/g, '-')
    .slice(0, 64);

/**
 * A resource's fullUrl in the bundle: `urn:uuid:` (FHIR's bundle rule: a reference resolves inside the
 * bundle when it equals an entry's fullUrl). Name-based (RFC 9562 version 5 layout over SHA-1 of the
 * resource's type and id), so exporting one case twice gives the same addresses.
 */
export function fullUrlOf(resource: { resourceType: string; id: string }): string {
  const bytes = createHash('sha1').update(`case-router/${resource.resourceType}/${resource.id}`).digest();
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A reference to a resource of the same bundle. */
export const referenceTo = (resource: { resourceType: string; id: string }) => ({
  reference: fullUrlOf(resource),
});

/** Users are not exported as resources: a logical reference by our user id, with the name. */
export const practitioner = (user: { id: string; displayName: string }) => ({
  identifier: { system: `${SYSTEM}:user`, value: user.id },
  display: user.displayName,
});
