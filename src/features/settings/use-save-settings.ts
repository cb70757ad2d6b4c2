// Saves the user's whole settings record with the version read, changed as asked; a stale version answers
// 409 and the forms offer to reload.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  getMeQueryKey,
  getMySettingsQueryKey,
  updateMySettingsMutation,
} from '../../../generated/@tanstack/react-query.gen.ts';
import type { MySettings, MySettingsUpdate } from '../../../generated/types.gen.ts';

export function useSaveSettings(settings: MySettings) {
  const queryClient = useQueryClient();
  const update = useMutation(updateMySettingsMutation());
  const [conflict, setConflict] = useState(false);
  const send = async (change: Partial<Omit<MySettingsUpdate, 'version'>>) => {
    setConflict(false);
    const saved = await update.mutateAsync({
      body: {
        displayName: change.displayName ?? settings.displayName,
        phone: change.phone === undefined ? settings.phone : change.phone,
        preferences: change.preferences ?? settings.preferences,
        ...(change.smsFallback === undefined ? {} : { smsFallback: change.smsFallback }),
        version: settings.version,
      },
    });
    queryClient.setQueryData(getMySettingsQueryKey(), saved);
    await queryClient.invalidateQueries({ queryKey: getMeQueryKey() });
    return saved;
  };
  const reload = () => {
    setConflict(false);
    void queryClient.invalidateQueries({ queryKey: getMySettingsQueryKey() });
  };
  return { send, conflict, setConflict, reload };
}
