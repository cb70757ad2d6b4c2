// /specialist/cases/{id}: the case for the specialist. Opening it tells the doctor it was seen; `Accept` or
// `Decline` (with a reason) while it is offered to them, in a bar fixed to the bottom of a phone's screen; the
// consultation form once they have it.
import { Alert, Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { acceptCaseMutation, declineCaseMutation } from '../../../../generated/@tanstack/react-query.gen.ts';
import { zCaseDecline } from '../../../../generated/zod.gen.ts';
import { routes } from '../../../config/routes.ts';
import {
  CaseLoading,
  CaseRecordPage,
  caseTexts,
  CaseView,
  ConsultationForm,
  ReasonDialog,
  refreshAfterCaseChange,
  specialistMayExport,
  useCase,
  useSeenReceipt,
} from '../../../features/cases/index.ts';
import { useMe } from '../../../lib/use-me.ts';
import { errorText } from '../../../lib/api/index.ts';
import { useRouteParams } from '../use-route-params.ts';
import classes from './case-page.module.css';

export function Component() {
  const { id } = useRouteParams(routes.specialistCase.path);
  const { me } = useMe();
  const { item, error, retry, retrying, questions } = useCase(id);
  const queryClient = useQueryClient();
  const [declining, setDeclining] = useState(false);
  const accept = useMutation({
    ...acceptCaseMutation(),
    onSuccess: (changed) => refreshAfterCaseChange(queryClient, changed.id, changed),
    // Someone else may have accepted first (409): the refreshed case shows who has it.
    onError: () => refreshAfterCaseChange(queryClient, id),
  });
  const decline = useMutation(declineCaseMutation());
  useSeenReceipt(item, me?.id);

  if (!item) return <CaseLoading error={error} onRetry={retry} retrying={retrying} />;
  const myOffer = item.offers.find(
    (offer) => offer.specialist.id === me?.id && offer.declinedAt === null && offer.acceptedAt === null,
  );
  const canAnswer = myOffer !== undefined && (item.status === 'pending' || item.status === 'escalated');
  const assignedToMe = item.assignedTo !== null && item.assignedTo.id === me?.id;
  return (
    <CaseRecordPage
      item={item}
      // The server's rule: the specialist who holds or held the case (accepted it) takes its record away.
      mayExport={specialistMayExport(item, me?.id)}
    >
      {accept.error && (
        <Alert color="gray" title="The case was not accepted" role="alert">
          {errorText(accept.error)}
        </Alert>
      )}
      <CaseView
        item={item}
        timeZone={item.hospital.timeZone}
        questions={questions}
        canUpload={false}
        // The server's rule: an offer still open to me, or the case assigned to me.
        canPost={canAnswer || assignedToMe}
        actions={
          canAnswer && (
            <div className={classes.answerBar} role="group" aria-label="Answer the offer">
              <Button
                mih={48}
                loading={accept.isPending}
                onClick={() => {
                  accept.mutate({ path: { caseId: item.id } });
                }}
              >
                {caseTexts.accept}
              </Button>
              <Button
                mih={48}
                variant="default"
                onClick={() => {
                  setDeclining(true);
                }}
              >
                {caseTexts.decline}
              </Button>
            </div>
          )
        }
        consultationForm={
          assignedToMe && item.status === 'accepted' ? <ConsultationForm caseId={item.id} /> : undefined
        }
      />
      {canAnswer && <div className={classes.barRoom} />}
      <ReasonDialog
        caseId={item.id}
        opened={declining}
        onClose={() => {
          setDeclining(false);
        }}
        title={caseTexts.decline}
        reasonLabel="Reason for declining"
        confirmLabel={caseTexts.decline}
        schema={zCaseDecline}
        send={(body) =>
          decline.mutateAsync({ path: { caseId: item.id }, body: { reason: body.reason ?? '' } })
        }
      />
    </CaseRecordPage>
  );
}
