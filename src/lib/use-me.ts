// The signed-in user as the API knows them: their id (to find their own offer on a case) and their
// hospital's time zone, in which every time is shown.
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { getMeOptions } from '../../generated/@tanstack/react-query.gen.ts';
import { refetchOnMountUnlessFresh } from './query-client.ts';

// A user without a hospital (system-wide roles) sees times in UTC rather than in the browser's zone.
const NO_HOSPITAL_ZONE = 'UTC';

/** Who is signed in, asked for at start-up, before the shell renders. */
export function prefetchMe(client: QueryClient): void {
  client.query(getMeOptions()).catch(() => undefined);
}

export function useMe() {
  const me = useQuery({ ...getMeOptions(), refetchOnMount: refetchOnMountUnlessFresh });
  return {
    me: me.data,
    isPending: me.isPending,
    error: me.error,
    timeZone: me.data?.hospital?.timeZone ?? NO_HOSPITAL_ZONE,
  };
}
