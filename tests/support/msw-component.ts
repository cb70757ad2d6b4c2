// The one MSW server of the component tests; tests/component/setup.ts starts and resets it.
import { setupServer } from 'msw/node';

export const server = setupServer();
