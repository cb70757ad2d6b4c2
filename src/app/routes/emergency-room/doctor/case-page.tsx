// /emergency-room/doctor/cases/{id}: the case for its doctor (and ER staff): status and timers, offers with
// their receipts, timeline, thread, images, consultation, and `Cancel case` / `Close case` for its doctor.
// While vital signs or required answers are pending (an emergent case sent with the minimum data set), the
// ER side (its doctor, the ER staff and admin) adds them with `Add vitals and answers`.
import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { cancelCaseMutation } from '../../../../../generated/@tanstack/react-query.gen.ts';
import { zCaseCancel } from '../../../../../generated/zod.gen.ts';
import { routes } from '../../../../config/routes.ts';
import {
  ACTIVE_STATUSES,
  AddAnswersDialog,
  addAnswersTexts,
  CaseAuditTrail,
  CaseLoading,
  CaseRecordPage,
  caseTexts,
  CaseView,
  CloseCaseDialog,
  hasPending,
  pendingOf,
  ReasonDialog,
  useCase,
} from '../../../../features/cases/index.ts';
import { useMe } from '../../../../lib/use-me.ts';
import { useRouteParams } from '../../use-route-params.ts';

export function Component() {
  const { id } = useRouteParams(routes.doctorCase.path);
  const { me } = useMe();
  const { item, error, retry, retrying, questions } = useCase(id);
  const cancel = useMutation(cancelCaseMutation());
  const [dialog, setDialog] = useState<'cancel' | 'close' | 'answers' | null>(null);
  const closeDialog = () => {
    setDialog(null);
  };

  if (!item) return <CaseLoading error={error} onRetry={retry} retrying={retrying} />;
  const mine = me?.id === item.openedBy.id;
  const canCancel = mine && (item.status === 'pending' || item.status === 'escalated');
  const canClose = mine && item.status === 'responded';
  const timeZone = item.hospital.timeZone;
  const pending = pendingOf(item, questions);
  // The server's rule: the case's ER side, while the case is open (every caller of this page is its ER side).
  const canAddAnswers = ACTIVE_STATUSES.includes(item.status) && hasPending(pending);
  return (
    // The ER side of the case (its doctor, the emergency room) may print and export its record.
    <CaseRecordPage item={item} mayExport>
      <CaseView
        item={item}
        timeZone={timeZone}
        questions={questions}
        canUpload={mine}
        actions={
          (canCancel || canClose || canAddAnswers) && (
            <>
              {canAddAnswers && (
                <Button
                  mih={44}
                  onClick={() => {
                    setDialog('answers');
                  }}
                >
                  {addAnswersTexts.action}
                </Button>
              )}
              {canClose && (
                <Button
                  onClick={() => {
                    setDialog('close');
                  }}
                >
                  {caseTexts.closeCase}
                </Button>
              )}
              {canCancel && (
                <Button
                  variant="default"
                  onClick={() => {
                    setDialog('cancel');
                  }}
                >
                  {caseTexts.cancelCase}
                </Button>
              )}
            </>
          )
        }
      />
      <ReasonDialog
        caseId={item.id}
        opened={dialog === 'cancel'}
        onClose={closeDialog}
        title={caseTexts.cancelCase}
        reasonLabel="Reason (optional)"
        confirmLabel={caseTexts.cancelCase}
        schema={zCaseCancel}
        send={(body) => cancel.mutateAsync({ path: { caseId: item.id }, body })}
      />
      {me?.roles.includes('emergency_room_admin') === true && (
        <CaseAuditTrail caseId={item.id} timeZone={timeZone} />
      )}
      {dialog === 'answers' && (
        <AddAnswersDialog
          caseId={item.id}
          opened
          onClose={closeDialog}
          pending={pending}
          timeZone={timeZone}
        />
      )}
      {dialog === 'close' && (
        <CloseCaseDialog
          caseId={item.id}
          opened
          onClose={closeDialog}
          suggested={item.consultation?.disposition}
        />
      )}
    </CaseRecordPage>
  );
}
