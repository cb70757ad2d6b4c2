// /settings/triage-assessment/{specialty}: the ordered questions of a specialty's triage assessment. The
// hospital's administrator edits them (yes/no, number with unit and bounds, single choice, free text,
// date-time; required or not), reorders them by dragging or with Move up / Move down (the keyboard's way),
// and previews the form as the ER doctor will see it. Saving sends the whole list with the version it was
// read at: the server keeps it as the next version, refuses a stale one (409, with Reload) and an assessment
// that cannot be answered (422, each problem shown on its question). Everyone else reads it.
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import {
  getTriageAssessmentOptions,
  getTriageAssessmentQueryKey,
  listTriageAssessmentsQueryKey,
  saveTriageAssessmentMutation,
} from '../../../generated/@tanstack/react-query.gen.ts';
import type { TriageAssessment, TriageQuestion } from '../../../generated/types.gen.ts';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { ApiError, errorText, fieldProblems, retryText } from '../../lib/api/index.ts';
import { formatDateTime } from '../../lib/date-time.ts';

type Kind = TriageQuestion['kind'];

export const kindLabels: Record<Kind, string> = {
  yes_no: 'Yes / no',
  number: 'Number',
  choice: 'Single choice',
  text: 'Free text',
  date_time: 'Date and time',
};

/** A question as the editor holds it: inputs' values, and a key of its own that survives reordering. */
interface Draft {
  readonly key: string;
  readonly id: string;
  readonly kind: Kind;
  readonly label: string;
  readonly required: boolean;
  readonly unit: string;
  readonly min: number | '';
  readonly max: number | '';
  /** One option per line. */
  readonly choices: string;
}

let drafted = 0;
function nextKey(): string {
  drafted += 1;
  return `draft-${drafted}`;
}

/** A key for a new question: unique in practice, and fit for the contract's pattern. */
function newQuestionId(): string {
  return `q_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
}

function toDraft(question: TriageQuestion): Draft {
  return {
    key: nextKey(),
    id: question.id,
    kind: question.kind,
    label: question.label,
    required: question.required,
    unit: question.unit ?? '',
    min: question.min ?? '',
    max: question.max ?? '',
    choices: (question.choices ?? []).join('\n'),
  };
}

export function toQuestion(draft: Draft): TriageQuestion {
  const base = { id: draft.id, kind: draft.kind, label: draft.label.trim(), required: draft.required };
  if (draft.kind === 'number') {
    return {
      ...base,
      unit: draft.unit.trim() === '' ? null : draft.unit.trim(),
      min: draft.min === '' ? null : draft.min,
      max: draft.max === '' ? null : draft.max,
    };
  }
  if (draft.kind === 'choice') {
    return {
      ...base,
      choices: draft.choices
        .split('\n')
        .map((choice) => choice.trim())
        .filter((choice) => choice !== ''),
    };
  }
  return base;
}

function describe(question: TriageQuestion): string {
  const parts = [kindLabels[question.kind]];
  if (question.kind === 'number') {
    if (question.unit) parts.push(question.unit);
    if (question.min != null || question.max != null)
      parts.push(`${question.min ?? '…'}–${question.max ?? '…'}`);
  }
  if (question.kind === 'choice') parts.push((question.choices ?? []).join(', '));
  return parts.join(' · ');
}

/** The server's problems by question index, and the ones that name no question. */
function problemsByQuestion(error: unknown): { byIndex: Map<number, string[]>; other: string | null } {
  const byIndex = new Map<number, string[]>();
  if (!(error instanceof ApiError)) return { byIndex, other: errorText(error) };
  const problems = error.status < 500 ? fieldProblems(error.data) : [];
  if (problems.length === 0) return { byIndex, other: errorText(error) };
  const other: string[] = [];
  for (const problem of problems) {
    const index = problem.loc[0] === 'body' && problem.loc[1] === 'questions' ? problem.loc[2] : undefined;
    if (typeof index === 'number') byIndex.set(index, [...(byIndex.get(index) ?? []), problem.msg]);
    else other.push(`${problem.loc.join('.')} ${problem.msg}`);
  }
  return { byIndex, other: other.length > 0 ? other.join('; ') : null };
}

interface QuestionCardProps {
  readonly draft: Draft;
  readonly index: number;
  readonly count: number;
  readonly problems: readonly string[];
  readonly onChange: (change: Partial<Draft>) => void;
  readonly onMove: (to: number) => void;
  readonly onRemove: () => void;
  readonly onDragStart: () => void;
  readonly onDrop: () => void;
}

function QuestionCard(props: QuestionCardProps) {
  const { draft, index, count, problems, onChange, onMove } = props;
  const [over, setOver] = useState(false);
  const name = draft.label.trim() === '' ? `Question ${index + 1}` : draft.label.trim();
  const errorId = `question-${draft.key}-problems`;
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      aria-label={`Question ${index + 1}: ${name}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => {
        setOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        props.onDrop();
      }}
      style={{
        borderColor: problems.length > 0 ? 'var(--mantine-color-red-7)' : undefined,
        outline: over ? '2px dashed var(--mantine-color-blue-7)' : undefined,
      }}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Text
              aria-hidden
              style={{ cursor: 'grab', userSelect: 'none', touchAction: 'none' }}
              c="dimmed"
              fz="xl"
              px={4}
              // Only the handle starts a drag: text in the card's fields stays selectable with the mouse.
              draggable
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', draft.key);
                const card = event.currentTarget.closest('li');
                if (card) event.dataTransfer.setDragImage(card, 16, 16);
                props.onDragStart();
              }}
            >
              ⠿
            </Text>
            <Text fw={700}>{index + 1}.</Text>
            <Badge variant="light" color="gray">
              {kindLabels[draft.kind]}
            </Badge>
          </Group>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              size={44}
              aria-label={`Move ${name} up`}
              disabled={index === 0}
              onClick={() => {
                onMove(index - 1);
              }}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              variant="default"
              size={44}
              aria-label={`Move ${name} down`}
              disabled={index === count - 1}
              onClick={() => {
                onMove(index + 1);
              }}
            >
              ↓
            </ActionIcon>
            <ActionIcon variant="default" size={44} aria-label={`Remove ${name}`} onClick={props.onRemove}>
              ✕
            </ActionIcon>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput
            label="Question"
            value={draft.label}
            maxLength={500}
            required
            aria-describedby={problems.length > 0 ? errorId : undefined}
            onChange={(event) => {
              onChange({ label: event.currentTarget.value });
            }}
          />
          <NativeSelect
            label="Answer"
            value={draft.kind}
            data={(Object.keys(kindLabels) as Kind[]).map((kind) => ({
              value: kind,
              label: kindLabels[kind],
            }))}
            onChange={(event) => {
              onChange({ kind: event.currentTarget.value as Kind });
            }}
          />
        </SimpleGrid>
        {draft.kind === 'number' && (
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
            <TextInput
              label="Unit"
              value={draft.unit}
              maxLength={32}
              onChange={(event) => {
                onChange({ unit: event.currentTarget.value });
              }}
            />
            <NumberInput
              label="Minimum"
              value={draft.min}
              onChange={(value) => {
                onChange({ min: typeof value === 'number' ? value : '' });
              }}
            />
            <NumberInput
              label="Maximum"
              value={draft.max}
              onChange={(value) => {
                onChange({ max: typeof value === 'number' ? value : '' });
              }}
            />
          </SimpleGrid>
        )}
        {draft.kind === 'choice' && (
          <Textarea
            label="Options, one per line"
            value={draft.choices}
            autosize
            minRows={2}
            onChange={(event) => {
              onChange({ choices: event.currentTarget.value });
            }}
          />
        )}
        <Checkbox
          label="Required"
          checked={draft.required}
          onChange={(event) => {
            onChange({ required: event.currentTarget.checked });
          }}
        />
        {problems.length > 0 && (
          <List id={errorId} size="sm" c="red.8">
            {problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}

interface EditorProps {
  readonly assessment: TriageAssessment;
  readonly timeZone: string;
  readonly preview: (questions: readonly TriageQuestion[]) => ReactNode;
  readonly reload: () => Promise<unknown>;
}

function Editor({ assessment, timeZone, preview, reload }: EditorProps) {
  const queryClient = useQueryClient();
  const save = useMutation(saveTriageAssessmentMutation());
  const [drafts, setDrafts] = useState<Draft[]>(() => assessment.questions.map(toDraft));
  const [dirty, setDirty] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const [showPreview, setShowPreview] = useState(false);
  const questions = drafts.map(toQuestion);
  const { byIndex, other } =
    failure === null ? { byIndex: new Map<number, string[]>(), other: null } : problemsByQuestion(failure);
  const conflict = failure instanceof ApiError && failure.status === 409;

  const change = (next: Draft[]) => {
    setDrafts(next);
    setDirty(true);
    setFailure(null);
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
  const onSave = async () => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({
        path: { specialtyId: assessment.specialty.id },
        body: { version: assessment.version, questions },
      });
      queryClient.setQueryData(
        getTriageAssessmentQueryKey({ path: { specialtyId: assessment.specialty.id } }),
        saved,
      );
      await queryClient.invalidateQueries({ queryKey: listTriageAssessmentsQueryKey() });
      setDirty(false);
      toast(`${assessment.specialty.name} triage assessment saved as version ${saved.version}`);
    } catch (error) {
      setFailure(error);
    }
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
      {failure !== null && (
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
        {dirty && (
          <Text size="sm" c="dimmed">
            Unsaved changes
          </Text>
        )}
        <Button mih={44} loading={save.isPending} onClick={() => void onSave()}>
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

function ReadOnly({ assessment, preview }: Pick<EditorProps, 'assessment' | 'preview'>) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {assessment.version === 0
          ? 'No questions: the new-case form asks none for this specialty.'
          : `Version ${assessment.version}. Only the hospital’s administrator changes it.`}
      </Text>
      {assessment.questions.length > 0 && (
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Questions">
          {assessment.questions.map((question, index) => (
            <Paper component="li" key={question.id} withBorder p="sm">
              <Group gap="xs" justify="space-between">
                <Text fw={600}>
                  {index + 1}. {question.label}
                </Text>
                {question.required && <Badge color="gray">Required</Badge>}
              </Group>
              <Text size="sm" c="dimmed">
                {describe(question)}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      {assessment.questions.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="triage-preview-title">
          <Title order={2} size="h4" id="triage-preview-title">
            As the ER doctor sees it
          </Title>
          {preview(assessment.questions)}
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
          <ReadOnly assessment={assessment.data} preview={props.preview} />
        ))}
    </Stack>
  );
}
