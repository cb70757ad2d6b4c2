// After a change to users: the lists and the audit log read again.
import type { QueryClient } from '@tanstack/react-query';

export async function refreshAfterUserChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [{ _id: 'listUsers' }] }),
    queryClient.invalidateQueries({ queryKey: [{ _id: 'listAdminAudit' }] }),
  ]);
}
