// The schedules feature: on-call coverage and gaps, the week calendar of a specialty's shifts, the
// specialist scheduler and a specialist's own shifts. Its Mantine styles come with it.
import './mantine-styles.ts';

export { CoverageGaps, CoverageNow, prefetchCoverage, useCoverage } from './coverage-panel.tsx';
export { MyShifts } from './my-shifts.tsx';
export { OnCallSchedules } from './on-call-schedules.tsx';
export { SpecialistScheduler } from './specialist-scheduler.tsx';
