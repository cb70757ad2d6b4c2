// An emergent case sent with the minimum data set: the case page shows its vital signs and required triage
// answers as pending, never as if they had been given.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { handleGetCase, handleListTriageAssessments } from '../../generated/msw.gen.ts';
import { doctor, examples, renderApp } from '../support/harness.tsx';

describe('a case sent with the minimum data set', () => {
  it('shows the vital signs and the unanswered required questions as pending', async () => {
    const item = examples.case();
    item.id = 'cas_minimal';
    item.vitals = {};
    item.triageAnswers = {};
    item.triageQuestions = [
      {
        id: 'tq_killip',
        kind: 'choice',
        label: 'Killip class',
        required: true,
        choices: ['I', 'II', 'III', 'IV'],
      },
      { id: 'tq_notes', kind: 'text', label: 'Notes', required: false },
    ];
    await renderApp(
      '/emergency-room/doctor/cases/cas_minimal',
      doctor,
      handleListTriageAssessments({ body: examples.triage() }),
      handleGetCase({ body: item }),
    );

    const details = await screen.findByRole('region', { name: 'Details' });
    expect(within(details).getByText('Pending: not given yet')).toBeInTheDocument();
    const pending = within(details).getAllByTestId('pending-answer');
    expect(pending).toHaveLength(1);
    expect(within(details).getByText('Killip class')).toBeInTheDocument();
    expect(within(details).queryByText('Notes')).not.toBeInTheDocument();
  });
});
