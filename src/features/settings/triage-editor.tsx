// /settings/triage-assessment/{specialty}: the ordered questions of a specialty's triage assessment. The
// hospital's administrator edits them (yes/no, number with unit and bounds, single choice, free text,
// date-time; required or not), reorders them by dragging or with Move up / Move down (the keyboard's way),
// and previews the form as the ER doctor will see it. Saving sends the whole list with the version it was
// read at: the server keeps it as the next version, refuses a stale one (409, with Reload) and an assessment
// that cannot be answered (422, each problem shown on its question). Everyone else reads it.
import { Alert, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { getTriageAssessmentOptions } from '../../../generated/@tanstack/react-query.gen.ts';
import type { TriageAssessment, TriageQuestion } from '../../../generated/types.gen.ts';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { retryText } from '../../lib/api/index.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { type Draft, newQuestionId, toDraft, toQuestion } from './triage-drafts.ts';
import { QuestionCard } from './triage-question-card.tsx';
import { TriageReadOnly } from './triage-read-only.tsx';
import { useTriageSave } from './use-triage-save.ts';

interface EditorProps {
  readonly assessment: TriageAssessment;
  readonly timeZone: string;
  readonly preview: (questions: readonly TriageQuestion[]) => ReactNode;
  readonly reload: () => Promise<unknown>;
}

function Editor({ assessment, timeZone, preview, reload }: EditorProps) {
  const save = useTriageSave(assessment);
  const [drafts, setDrafts] = useState<Draft[]>(() => assessment.questions.map(toDraft));
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [showPreview, setShowPreview] = useState(false);
  const questions = drafts.map(toQuestion);
  const { byIndex, other, conflict } = save;

  const change = (next: Draft[]) => {
    setDrafts(next);
    save.changed();
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= drafts.length || from === to) return;
    const next = [...drafts];
    const [moved] = next.splice(from, 1);
    if (!moved) return;
    next.splice(to, 0, moved);
    change(next);
    setAnnouncement(`${moved.label.trim() || 'The question'} is now question ${to + 1} of ${next.length}.`);
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {assessment.version === 0
          ? 'No questions saved yet.'
          : `Version ${assessment.version}${
              assessment.updatedAt ? `, saved ${formatDateTime(assessment.updatedAt, timeZone)}` : ''
            }. Cases keep the version they were answered with.`}
      </Text>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {drafts.length === 0 ? (
        <Text c="dimmed">No questions: the new-case form asks none for this specialty. Add the first.</Text>
      ) : (
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Questions">
          {drafts.map((draft, index) => (
            <QuestionCard
              key={draft.key}
              draft={draft}
              index={index}
              count={drafts.length}
              problems={byIndex.get(index) ?? []}
              onChange={(patch) => {
                change(drafts.map((item) => (item.key === draft.key ? { ...item, ...patch } : item)));
              }}
              onMove={(to) => {
                move(index, to);
              }}
              onRemove={() => {
                change(drafts.filter((item) => item.key !== draft.key));
                setAnnouncement(`${draft.label.trim() || 'The question'} removed.`);
              }}
              onDragStart={() => {
                setDragged(index);
              }}
              onDrop={() => {
                if (dragged !== null) move(dragged, index);
                setDragged(null);
              }}
            />
          ))}
        </Stack>
      )}
      <Group gap="xs">
        <Button
          variant="default"
          mih={44}
          onClick={() => {
            change([...drafts, toDraft({ id: newQuestionId(), kind: 'yes_no', label: '', required: false })]);
          }}
        >
          Add question
        </Button>
        <Button
          variant="default"
          mih={44}
          aria-expanded={showPreview}
          onClick={() => {
            setShowPreview(!showPreview);
          }}
        >
          {showPreview ? 'Hide preview' : 'Preview'}
        </Button>
      </Group>
      {save.failed && (
        <Alert
          color={conflict ? 'yellow' : 'red'}
          variant="light"
          role="alert"
          title={conflict ? 'Not saved: someone else saved first' : 'Not saved'}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {other ??
                `Fix the ${byIndex.size === 1 ? 'question' : 'questions'} marked in red, then save again.`}
            </Text>
            {conflict && (
              <Button variant="default" mih={44} onClick={() => void reload()}>
                Reload
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      <Group justify="flex-end">
        {save.dirty && (
          <Text size="sm" c="dimmed">
            Unsaved changes
          </Text>
        )}
        <Button mih={44} loading={save.saving} onClick={() => void save.save(questions)}>
          Save as a new version
        </Button>
      </Group>
      {showPreview && (
        <Stack gap="xs" component="section" aria-labelledby="triage-preview-title">
          <Title order={2} size="h4" id="triage-preview-title">
            Preview: the ER doctor’s new-case form
          </Title>
          {preview(questions)}
        </Stack>
      )}
    </Stack>
  );
}

export interface TriageAssessmentEditorProps {
  readonly specialtyId: string;
  /** For hospital-system users, the hospital whose assessment to read. */
  readonly hospitalId?: string;
  /** The hospital's administrator edits; everyone else reads. */
  readonly canEdit: boolean;
  readonly timeZone: string;
  /** The new-case form's triage questions, for the preview. */
  readonly preview: (questions: readonly TriageQuestion[]) => ReactNode;
  /** Called with the specialty's name once known, for the page's heading. */
  readonly heading: (name: string | undefined) => ReactNode;
}

export function TriageAssessmentEditor(props: TriageAssessmentEditorProps) {
  const { specialtyId, hospitalId } = props;
  const options = getTriageAssessmentOptions({
    path: { specialtyId },
    ...(hospitalId === undefined ? {} : { query: { hospitalId } }),
  });
  const assessment = useQuery(options);
  const reload = () => assessment.refetch();
  return (
    <Stack gap="md">
      {props.heading(assessment.data?.specialty.name)}
      {assessment.isPending && <LoadingState label="Loading the triage assessment…" />}
      {assessment.isError && (
        <ErrorState
          title="The triage assessment could not be loaded"
          message={retryText(assessment.error)}
          onRetry={() => void reload()}
          retrying={assessment.isRefetching}
        />
      )}
      {assessment.data &&
        (props.canEdit ? (
          // A new editor for each version read: a reload after a conflict starts from the saved questions.
          <Editor
            key={assessment.data.version}
            assessment={assessment.data}
            timeZone={props.timeZone}
            preview={props.preview}
            reload={reload}
          />
        ) : (
          <TriageReadOnly assessment={assessment.data} preview={props.preview} />
        ))}
    </Stack>
  );
}
