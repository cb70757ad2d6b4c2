// One question in the triage editor: its answer kind and the fields that kind needs (unit and bounds for a
// number, options for a single choice), required or not, the server's problems with it, and its handles for
// reordering (drag by the grip, or Move up / Move down from the keyboard) and removal.
import {
  ActionIcon,
  Badge,
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
} from '@mantine/core';
import { useState } from 'react';
import { type Draft, type Kind, kindLabels } from './triage-drafts.ts';

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

export function QuestionCard(props: QuestionCardProps) {
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
