// The mock mode's scenarios as component tests: the same fixtures and handlers QA plays in the browser
// (`npm run mock`, ?scenario=…), named here, so a state seen there is a state tested here.
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '../../generated/types.gen.ts';
import { type MockHandlerOptions, mockHandlers, type ScenarioName } from '../../src/mock/scenarios.ts';
import { renderApp, tenantConfig, userWithRole } from '../support/harness.tsx';

function scenario(name: ScenarioName, role: Role, options: Partial<MockHandlerOptions> = {}) {
  return mockHandlers({ scenario: name, role, baseUrl: tenantConfig.apiBaseUrl, ...options });
}

const DOCTOR_HOME = '/emergency-room/doctor/cases/';

describe('the mock scenarios in the component tests', () => {
  it('"default": the doctor sees the ward list of the fixtures', async () => {
    await renderApp(DOCTOR_HOME, 'er_doctor', ...scenario('default', 'er_doctor'));
    expect(await screen.findByRole('listitem', { name: 'Case SGH-000123' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Case SGH-000124' })).toHaveTextContent('Central chest pain');
  });

  it('"empty": the doctor is told there are no cases', async () => {
    await renderApp(DOCTOR_HOME, 'er_doctor', ...scenario('empty', 'er_doctor'));
    expect(await screen.findByText('No cases here yet.')).toBeInTheDocument();
  });

  it('"server-error": the list says it could not load, with Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderApp(DOCTOR_HOME, 'er_doctor', ...scenario('server-error', 'er_doctor'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The cases could not be loaded.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('"conflict-on-accept": the specialist is told another accepted the case first', async () => {
    const user = userEvent.setup();
    await renderApp(
      '/specialist/cases/cas_01J9Z3K8Q4',
      userWithRole('specialist'),
      ...scenario('conflict-on-accept', 'specialist'),
    );
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The case was not accepted');
    expect(alert).toHaveTextContent('it has been accepted already');
  });

  it('"escalated": the specialist sees the stroke alert escalated', async () => {
    await renderApp('/specialist/cases/', userWithRole('specialist'), ...scenario('escalated', 'specialist'));
    const card = await screen.findByRole('listitem', { name: 'Case SGH-000123' });
    expect(card).toHaveTextContent('Escalated');
  });
});
