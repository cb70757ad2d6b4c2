// The organisation feature, as the screens use it: the hospitals table and editor, and the specialty
// catalogue of the hospital system. Its Mantine styles come with it.
import './mantine-styles.ts';

export { EditHospital, NewHospital } from './hospital-editor.tsx';
export { HospitalsTable } from './hospitals-table.tsx';
export { organisationTexts } from './labels.ts';
export { SpecialtyCatalogue } from './specialty-catalogue.tsx';
export { HospitalsAtAGlance, prefetchHospitalsAtAGlance } from './hospitals-at-a-glance.tsx';
export { SwitchboardSettings } from './switchboard-form.tsx';
export { SmsFallbackSettings } from './sms-fallback-form.tsx';
