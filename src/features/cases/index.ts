// The cases feature, as the screens use it: the lists and the case view, the case forms and dialogs, the
// hooks that read and change cases, and the words for the contract's codes. Its Mantine styles come with it.
import './mantine-styles.ts';

export { refreshAfterCaseChange } from './api/invalidate.ts';
export { useAttachmentUploads } from './api/use-attachment-uploads.ts';
export { useCase } from './api/use-case.ts';
export { type CaseListQuery, prefetchCaseList, useCaseList } from './api/use-case-list.ts';
export { useDeliveredReceipts, useSeenReceipt } from './api/use-case-receipts.ts';
export { CaseCreated } from './components/case-created.tsx';
export { CaseList } from './components/case-list.tsx';
export { BOARD_PAGE_ROWS, CaseBoard, caseBoardTexts } from './components/case-board.tsx';
export { type BoardContact, boardTexts } from './components/case-board-table.tsx';
export { CaseLoading, CaseView } from './components/case-view.tsx';
export { AddAnswersDialog, addAnswersTexts } from './forms/add-answers-dialog.tsx';
export { hasPending, pendingOf } from './components/pending.ts';
export { CloseCaseDialog } from './forms/close-case-dialog.tsx';
export { ConsultationForm } from './forms/consultation-form.tsx';
export { NewCaseForm } from './forms/new-case-form.tsx';
export { OnCallNotice } from './forms/on-call-notice.tsx';
export { ReasonDialog } from './forms/reason-dialog-on-demand.tsx';
export { ACTIVE_STATUSES, caseTexts, FINAL_STATUSES, statusLabels, urgencyLabels } from './labels.ts';
export { auditTrailTexts, CaseAuditTrail } from './components/case-audit-trail.tsx';
export { CaseRecordPage, caseRecordTexts, specialistMayExport } from './components/case-record-actions.tsx';
export { TriageFormPreview } from './forms/triage-form-preview.tsx';
