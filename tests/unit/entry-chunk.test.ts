// The start-up chunk is what every visit waits for, sign-in included. The API's SDK, its Zod schemas and its
// query options come later, with the shell and the screens that call the API.
import { describe, expect, it } from 'vitest';
import { readModule, shown, staticClosure } from '../support/import-graph.ts';

const LATER = ['generated/sdk.gen.ts', 'generated/zod.gen.ts', 'generated/@tanstack/react-query.gen.ts'];

describe('the start-up chunk', () => {
  it('does without the generated SDK, Zod schemas and query options', () => {
    const entry = [...staticClosure('src/main.tsx')].map(shown);
    expect(entry).toContain('src/start-app.tsx');
    expect(entry).toContain('src/lib/api/client.ts');
    expect(entry.filter((file) => LATER.includes(file))).toEqual([]);
  });

  it('holds MSAL and MSAL React, whose provider the app runs in, and the one auth session', () => {
    const closure = [...staticClosure('src/main.tsx')];
    const packages = new Set(closure.flatMap((file) => [...readModule(file).packages.keys()]));
    expect([...packages].filter((name) => name.startsWith('@azure/')).sort()).toEqual([
      '@azure/msal-browser',
      '@azure/msal-react',
    ]);
    expect(closure.map(shown)).toContain('src/lib/auth/auth-session.ts');
  });

  it('finds them in the shell, which is loaded with the first protected screen', () => {
    const shell = [...staticClosure('src/app/shell/app-shell-layout.tsx')].map(shown);
    expect(shell).toEqual(expect.arrayContaining(LATER));
  });
});

// `/` with nobody signed in only goes to the identity provider: it needs the tenant config and MSAL, and none
// of the app's libraries, which it loads only when someone is signed in.
const APP_LIBRARIES = [
  'react-dom',
  'react-dom/client',
  'react-router',
  '@mantine/core',
  'sonner',
  '@tanstack/react-query',
];

describe('the sign-in entry (/)', () => {
  const closure = [...staticClosure('src/root.ts')];
  const packages = new Set(closure.flatMap((file) => [...readModule(file).packages.keys()]));

  it('holds MSAL and the tenant config, and loads the app on demand', () => {
    expect(packages).toContain('@azure/msal-browser');
    expect(closure.map(shown)).toContain('src/lib/auth/tenant-config.ts');
    expect(readModule('src/sign-in-first.ts').lazy.map(shown)).toEqual(['src/start-app.tsx']);
  });

  it("does without the app's libraries", () => {
    expect(APP_LIBRARIES.filter((name) => packages.has(name))).toEqual([]);
  });
});
