import { readFileSync } from 'node:fs';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { handleGetTriageAssessment, handleSaveTriageAssessment } from '../../generated/msw.gen.ts';
import type { TriageAssessment, TriageAssessmentSave } from '../../generated/types.gen.ts';
import { renderApp, userWithRole } from '../support/harness.tsx';

const contract = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as {
  components: { examples: Record<string, { value: unknown }> };
};
const neurology = () =>
  structuredClone(contract.components.examples['TriageAssessment']?.value) as TriageAssessment;

const URL = '/settings/triage-assessment/spc_neurology';
const admin = userWithRole('hospital');

function questionLabels(): string[] {
  const list = screen.getByRole('list', { name: 'Questions' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label') ?? '');
}

describe('the triage assessment editor', () => {
  it('reorders with the keyboard, adds a question and saves the whole list with its version', async () => {
    const user = userEvent.setup();
    const sent: TriageAssessmentSave[] = [];
    await renderApp(
      URL,
      admin,
      handleGetTriageAssessment({ body: neurology() }),
      handleSaveTriageAssessment(async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        return Response.json({ ...neurology(), version: 3, questions: body.questions });
      }),
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Neurology triage assessment' }),
    ).toBeVisible();
    expect(questionLabels()).toEqual([
      'Question 1: Symptom onset (last known well)',
      'Question 2: NIHSS score',
      'Question 3: On anticoagulants?',
      'Question 4: Side affected',
    ]);

    const moveDown = screen.getByRole('button', { name: 'Move Symptom onset (last known well) down' });
    moveDown.focus();
    await user.keyboard('{Enter}');
    expect(questionLabels()[1]).toBe('Question 2: Symptom onset (last known well)');
    expect(screen.getByText('Symptom onset (last known well) is now question 2 of 4.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move Symptom onset (last known well) up' }));
    expect(questionLabels()[0]).toBe('Question 1: Symptom onset (last known well)');

    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const added = within(screen.getByRole('listitem', { name: 'Question 5: Question 5' }));
    await user.type(added.getByRole('textbox', { name: 'Question' }), 'Thrombolysis given?');
    await user.click(added.getByRole('checkbox', { name: 'Required' }));

    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));
    expect(await screen.findByText('Neurology triage assessment saved as version 3')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.version).toBe(2);
    expect(sent[0]?.questions.map((question) => question.label)).toEqual([
      'Symptom onset (last known well)',
      'NIHSS score',
      'On anticoagulants?',
      'Side affected',
      'Thrombolysis given?',
    ]);
    expect(sent[0]?.questions[4]).toMatchObject({ kind: 'yes_no', required: true });
    expect(sent[0]?.questions[4]?.id).toMatch(/^q_[0-9a-f]{12}$/);
  });

  it('previews the questions as the new-case form asks them', async () => {
    const user = userEvent.setup();
    await renderApp(URL, admin, handleGetTriageAssessment({ body: neurology() }));

    await user.click(await screen.findByRole('button', { name: 'Preview' }));
    const preview = within(screen.getByRole('form', { name: 'Preview of the triage questions' }));
    expect(preview.getByRole('textbox', { name: /NIHSS score \(points\)/ })).toBeInTheDocument();
    expect(preview.getByRole('radiogroup', { name: /On anticoagulants\?/ })).toBeInTheDocument();
    expect(preview.getByRole('combobox', { name: 'Side affected' })).toBeInTheDocument();

    // The required questions left blank are refused as the new-case form refuses them; nothing is sent.
    await user.click(preview.getByRole('button', { name: 'Check answers' }));
    await waitFor(() => {
      expect(preview.getByRole('textbox', { name: /NIHSS score/ })).toHaveAttribute('aria-invalid', 'true');
    });
    expect(preview.queryByText('These answers would be accepted.')).not.toBeInTheDocument();
    await user.type(preview.getByRole('textbox', { name: /NIHSS score/ }), '50');
    expect(preview.getByText('0–42')).toBeInTheDocument();
  });

  it('shows the server’s 422 problems on their questions', async () => {
    const user = userEvent.setup();
    await renderApp(
      URL,
      admin,
      handleGetTriageAssessment({ body: neurology() }),
      handleSaveTriageAssessment(() =>
        Response.json(
          {
            detail: [
              {
                loc: ['body', 'questions', 1, 'min'],
                msg: 'Question 2 (NIHSS score): its minimum (42) is above its maximum (0)',
              },
            ],
          },
          { status: 422 },
        ),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Save as a new version' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Fix the question marked in red');
    const second = within(screen.getByRole('listitem', { name: 'Question 2: NIHSS score' }));
    expect(
      second.getByText('Question 2 (NIHSS score): its minimum (42) is above its maximum (0)'),
    ).toBeVisible();
  });

  it('refuses to overwrite a newer version and reloads it', async () => {
    const user = userEvent.setup();
    let reads = 0;
    await renderApp(
      URL,
      admin,
      handleGetTriageAssessment(() => {
        reads += 1;
        const assessment = neurology();
        return Response.json(
          reads === 1
            ? assessment
            : { ...assessment, version: 3, questions: assessment.questions.slice(0, 1) },
        );
      }),
      handleSaveTriageAssessment(() =>
        Response.json(
          {
            detail:
              'Someone else saved this triage assessment while you were editing it. Reload to see their version.',
          },
          { status: 409 },
        ),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Remove Side affected' }));
    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else saved this triage assessment');
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => {
      expect(questionLabels()).toEqual(['Question 1: Symptom onset (last known well)']);
    });
    expect(screen.getByText(/^Version 3/)).toBeInTheDocument();
  });

  it('lets everyone else read it, without editing', async () => {
    await renderApp(URL, userWithRole('er_doctor'), handleGetTriageAssessment({ body: neurology() }));
    expect(await screen.findByText(/Only the hospital’s administrator changes it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save as a new version' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move/ })).not.toBeInTheDocument();
    expect(screen.getByText('Number · points · 0–42')).toBeInTheDocument();
  });

  it('says when it could not be loaded and retries', async () => {
    const user = userEvent.setup();
    let reads = 0;
    await renderApp(
      URL,
      admin,
      handleGetTriageAssessment(() => {
        reads += 1;
        return reads === 1
          ? Response.json({ detail: 'Specialty not found' }, { status: 404 })
          : Response.json(neurology());
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The triage assessment could not be loaded');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Neurology triage assessment' }),
    ).toBeVisible();
  });
});
