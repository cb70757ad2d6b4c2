// What the user sees while a failed lazy module is retried by reloading, and the manual screen after the
// last automatic attempt.
import { Button, Loader } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { texts } from '../../config/texts.ts';
import { StatusScreen } from '../../components/status-screen.tsx';
import { classifyModuleLoadFailure, moduleLoadFailureCopy } from './classify.ts';
import type { ModuleLoadError } from './module-load-error.ts';
import {
  browserRecoveryEnvironment,
  decideRetry,
  readAttempts,
  type RecoveryEnvironment,
  retryManually,
  retryModuleLoad,
} from './retry-policy.ts';

export interface ModuleLoadRecoveryProps {
  readonly error: ModuleLoadError;
  readonly environment?: RecoveryEnvironment;
  readonly online?: boolean;
}

export function ModuleLoadRecovery({ error, environment, online }: ModuleLoadRecoveryProps) {
  const [env] = useState(() => environment ?? browserRecoveryEnvironment());
  const [phase, setPhase] = useState<'retrying' | 'manual'>(() =>
    decideRetry(readAttempts(env.storage, error.moduleId)).kind === 'manual' ? 'manual' : 'retrying',
  );
  const [manualBusy, setManualBusy] = useState(false);
  // Strict mode runs effects twice; one failure must count as one attempt.
  const started = useRef(false);

  useEffect(() => {
    if (phase !== 'retrying' || started.current) return;
    started.current = true;
    void retryModuleLoad(env, error.moduleId).then((decision) => {
      if (decision.kind === 'manual') setPhase('manual');
    });
  }, [env, error.moduleId, phase]);

  if (phase === 'manual') {
    return (
      <StatusScreen title={texts.unableToLoad} message={texts.unableToLoadMessage} role="alert">
        <Button
          disabled={manualBusy}
          leftSection={manualBusy ? <Loader size="xs" color="currentColor" /> : undefined}
          onClick={() => {
            setManualBusy(true);
            void retryManually(env);
          }}
        >
          {manualBusy ? texts.retrying : texts.tryAgain}
        </Button>
      </StatusScreen>
    );
  }

  const copy = moduleLoadFailureCopy(
    classifyModuleLoadFailure(error.cause, online ?? globalThis.navigator.onLine),
  );
  return <StatusScreen title={copy.title} message={copy.message} indicator={<Loader />} role="status" />;
}
