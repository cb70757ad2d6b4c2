// The insights feature: the hospital and physician figures of a range, and the specialist's report.
export { HospitalInsightsScreen } from './hospital-insights-screen.tsx';
export { PhysicianInsightsScreen } from './physician-insights-screen.tsx';
export { SpecialistReportScreen } from './specialist-report-screen.tsx';
