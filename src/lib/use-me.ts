// The signed-in user as the API knows them: their id (to find their own offer on a case) and their
// hospital's time zone, in which every time is shown.
import { useQuery } from '@tanstack/react-query';
import { getMeOptions } from '../../generated/@tanstack/react-query.gen.ts';

// A user without a hospital (system-wide roles) sees times in UTC rather than in the browser's zone.
const NO_HOSPITAL_ZONE = 'UTC';

export function useMe() {
  const me = useQuery(getMeOptions());
  return {
    me: me.data,
    isPending: me.isPending,
    error: me.error,
    timeZone: me.data?.hospital?.timeZone ?? NO_HOSPITAL_ZONE,
  };
}
