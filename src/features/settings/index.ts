// The settings feature, as the screens use it: the user's own settings (profile, notifications, password),
// the specialties with their triage assessments, the triage assessment editor, and the home tiles. Its Mantine
// styles come with it.
import './mantine-styles.ts';

export { MySettingsPanel, PASSWORD_RULE } from './my-settings.tsx';
export { DevicesPanel } from './devices-panel.tsx';
export { SpecialtyLinks } from './specialty-links.tsx';
export { TriageAssessmentEditor } from './triage-editor.tsx';
export { HomeTiles, type HomeTile } from './home-tiles.tsx';
