import type { AccountInfo } from '@azure/msal-browser';
import { describe, expect, it } from 'vitest';
import { interactivePrompt, silentPrompt } from '../../src/lib/auth/prompts.ts';
import { loginRequest, popupRequest, silentRequest } from '../../src/lib/auth/requests.ts';
import { loginScopes } from '../../src/lib/auth/scopes.ts';
import { safeNextPath } from '../../src/lib/auth/navigation.ts';

const account = {
  homeAccountId: 'h',
  localAccountId: 'l',
  username: 'u',
  environment: 'e',
  tenantId: 't',
} as AccountInfo;

describe('scopes', () => {
  it('always asks openid, profile and offline_access, then the config scopes, each once', () => {
    expect(loginScopes(['api://case-router/access', 'openid', 'api://case-router/access'])).toEqual([
      'openid',
      'profile',
      'offline_access',
      'api://case-router/access',
    ]);
    expect(loginScopes(undefined)).toEqual(['openid', 'profile', 'offline_access']);
  });
});

describe('prompt rules', () => {
  it.each([
    ['none', 'none'],
    ['no_session', 'no_session'],
    ['login', 'none'],
    ['consent', 'none'],
    ['select_account', 'none'],
    [undefined, 'none'],
  ])('a silent prompt %s becomes %s', (prompt, expected) => {
    expect(silentPrompt(prompt)).toBe(expected);
  });

  it.each([
    ['none', 'none'],
    ['consent', 'consent'],
    ['login', 'login'],
    ['select_account', undefined],
    ['create', undefined],
    [undefined, undefined],
  ])('a popup or redirect prompt %s becomes %s', (prompt, expected) => {
    expect(interactivePrompt(prompt)).toBe(expected);
  });

  it('applies them to the requests', () => {
    expect(loginRequest(['openid'], 'https://app.test', { prompt: 'select_account' })).toEqual({
      scopes: ['openid'],
    });
    expect(loginRequest(['openid'], 'https://app.test', { prompt: 'login' })).toEqual({
      scopes: ['openid'],
      prompt: 'login',
    });
    expect(popupRequest(['openid'], account, 'create')).toEqual({ scopes: ['openid'], account });
    expect(silentRequest(['openid'], account, { prompt: 'login', forceRefresh: true })).toEqual({
      scopes: ['openid'],
      account,
      forceRefresh: true,
      prompt: 'none',
    });
    expect(silentRequest(['openid'], account)).toEqual({ scopes: ['openid'], account, forceRefresh: false });
  });
});

describe('next path', () => {
  it('returns to the sign-in page with next after login', () => {
    expect(loginRequest(['openid'], 'https://app.test', { next: '/settings/?tab=a' })).toEqual({
      scopes: ['openid'],
      redirectStartPage: 'https://app.test/sign-in?next=%2Fsettings%2F%3Ftab%3Da',
    });
  });

  it.each([
    ['/specialist/cases/7', '/specialist/cases/7'],
    ['https://evil.test/', null],
    ['//evil.test/', null],
    ['/\\evil.test', null],
    ['/\t/evil.test', null],
    ['/\n/evil.test', null],
    ['/\t\\evil.test', null],
    ['settings', null],
    ['', null],
    [null, null],
  ])('keeps only app paths: %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it('ignores an unsafe next', () => {
    expect(loginRequest(['openid'], 'https://app.test', { next: 'https://evil.test' })).toEqual({
      scopes: ['openid'],
    });
  });
});
