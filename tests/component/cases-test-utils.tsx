// The case screens under test: the real app router at a URL, signed in through the MSAL stand-in, with the
// API answered by the generated MSW handlers fed from the contract's own examples.
import { readFileSync } from 'node:fs';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { AnyHandler } from 'msw';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { vi } from 'vitest';
import { handleGetMe, handleListNotifications, handleStreamEvents } from '../../generated/msw.gen.ts';
import type { Case, CaseList, SpecialtyList, TriageAssessmentList, User } from '../../generated/types.gen.ts';
import { server } from '../support/msw-component.ts';
import { fakeAccount } from '../support/msw-msal-stand-in.ts';
import { startAuthWith } from './public-test-utils.tsx';

// jsdom has no font loading API, which Mantine's autosizing text areas listen to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
}

interface ContractDocument {
  components: { examples: Record<string, { value: unknown }> };
}

const contract = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as ContractDocument;

function example(name: string): unknown {
  const found = contract.components.examples[name];
  if (!found) throw new Error(`The contract has no example ${name}`);
  return structuredClone(found.value);
}

export const examples = {
  case: () => example('Case') as Case,
  caseList: () => example('CaseList') as CaseList,
  user: () => example('User') as User,
  specialties: () => example('SpecialtyList') as SpecialtyList,
  triage: () => example('TriageAssessmentList') as TriageAssessmentList,
};

export const doctor = examples.user();
export const specialist: User = {
  ...examples.user(),
  id: 'usr_demo_specialist',
  displayName: 'Dr Sam Lindqvist',
  email: 'specialist@demo.test',
  roles: ['specialist'],
  specialtyTypes: ['Neurology'],
};
doctor.id = 'usr_demo_er_doctor';

/** Signs in with the role, answers getMe with the user, and renders the whole app at the path. */
// The shell's notifications: none, and a live stream that stays open and quiet.
const quietShell: AnyHandler[] = [
  handleListNotifications({ body: { items: [], unreadCount: 0, nextCursor: null } }),
  handleStreamEvents(
    () =>
      new Response(new ReadableStream({ start: () => undefined }), {
        headers: { 'Content-Type': 'text/event-stream' },
      }),
  ),
];

export async function renderApp(path: string, user: User, ...handlers: AnyHandler[]) {
  server.use(handleGetMe({ body: user }), ...quietShell, ...handlers);
  const { auth } = await startAuthWith({ accounts: [fakeAccount(user.roles)] });
  const [{ appRoutes }, { createQueryClient }, { theme }, { installZodErrorMap }] = await Promise.all([
    import('../../src/app/router.tsx'),
    import('../../src/lib/query-client.ts'),
    import('../../src/app/theme.ts'),
    import('../../src/lib/forms/zod-error-map.ts'),
  ]);
  installZodErrorMap();
  const queryClient = createQueryClient();
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const navigate = (to: string, options: { replace: boolean }) => router.navigate(to, options);
  const ui = (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <auth.AuthProvider navigate={navigate}>
          <RouterProvider router={router} />
        </auth.AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
  const view = render(ui);
  return { router, queryClient, ...view, ui };
}

/** jsdom has no object URLs; the image viewer needs them. */
export function stubObjectUrls() {
  let next = 0;
  const create = vi.fn((_blob: Blob) => {
    next += 1;
    return `blob:test/${next}`;
  });
  const revoke = vi.fn((_url: string) => undefined);
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: create });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: revoke });
  return { create, revoke };
}
