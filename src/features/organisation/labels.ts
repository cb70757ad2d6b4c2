// The words of the organisation screens, once.
import type { Urgency } from '../../../generated/types.gen.ts';

export const urgencyWords: Record<Urgency, string> = {
  emergent: 'Emergent',
  urgent: 'Urgent',
  routine: 'Routine',
};

export const organisationTexts = {
  hospitals: 'Hospitals',
  addHospital: 'Add hospital',
  editHospital: (name: string) => `Edit ${name}`,
  searchHospitals: 'Search hospitals',
  noHospitals: 'No hospital yet. Add the first one to start routing its cases.',
  noMatch: 'No hospital matches your search.',
  loading: 'Loading…',
  retry: 'Retry',
  hospitalCreated: (name: string) => `${name} added`,
  hospitalSaved: (name: string) => `${name} saved`,
  catalogue: 'Specialty catalogue',
  specialtyAdded: (name: string) => `${name} added to the catalogue`,
  specialtySaved: (name: string) => `${name} saved`,
} as const;
