// The start-up chunk is what every visit waits for, sign-in included. The API's SDK, its Zod schemas and its
// query options come later, with the shell and the screens that call the API.
import { describe, expect, it } from 'vitest';
import { shown, staticClosure } from '../support/import-graph.ts';

const LATER = ['generated/sdk.gen.ts', 'generated/zod.gen.ts', 'generated/@tanstack/react-query.gen.ts'];

describe('the start-up chunk', () => {
  it('does without the generated SDK, Zod schemas and query options', () => {
    const entry = [...staticClosure('src/main.tsx')].map(shown);
    expect(entry).toContain('src/lib/api/client.ts');
    expect(entry.filter((file) => LATER.includes(file))).toEqual([]);
  });

  it('finds them in the shell, which is loaded with the first protected screen', () => {
    const shell = [...staticClosure('src/app/shell/app-shell-layout.tsx')].map(shown);
    expect(shell).toEqual(expect.arrayContaining(LATER));
  });
});
