import { ScreenPlaceholder } from '../../../../components/screen-placeholder.tsx';

export function OnCallSchedulesPage() {
  return <ScreenPlaceholder title="On-call schedules" />;
}
