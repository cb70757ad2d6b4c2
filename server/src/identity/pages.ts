import { identityTexts as t } from './texts.ts';

// Server-rendered pages of the identity provider. No inline script or style: the CSP allows only 'self'.

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

interface LayoutOptions {
  readonly assetsPath: string;
  readonly title: string;
  readonly body: string;
  readonly scripts?: readonly string[];
  /**
   * The app's start-up files, fetched by prefetch-app.js while the user types (in CORS mode, as the app asks for
   * them): the app then starts from the cache.
   */
  readonly prefetch?: readonly string[];
}

function layout({ assetsPath, title, body, scripts = [], prefetch = [] }: LayoutOptions): string {
  const scriptTags = scripts.map((name) => `<script src="${assetsPath}/${name}" defer></script>`).join('');
  const prefetchTag =
    prefetch.length === 0
      ? ''
      : `<script src="${assetsPath}/prefetch-app.js" defer data-files="${escapeHtml(prefetch.join(' '))}"></script>`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="${t.metaDescription}">
<title>${escapeHtml(title)} · ${t.productName}</title>
<link rel="stylesheet" href="${assetsPath}/identity.css">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="manifest" href="/manifest.webmanifest">
<meta name="theme-color" content="#00719a">
${scriptTags}${prefetchTag}
</head>
<body>
<main class="card">
<header class="brand">
<span class="brand-mark" aria-hidden="true">+</span>
<span class="brand-name">${t.productName}</span>
</header>
${body}
</main>
</body>
</html>`;
}

function alert(message: string | undefined): string {
  return message === undefined
    ? ''
    : `<p class="alert" role="alert" id="form-error">${escapeHtml(message)}</p>`;
}

function invalid(message: string | undefined): string {
  return message === undefined ? '' : ' aria-invalid="true" aria-describedby="form-error"';
}

export function loginPage(options: {
  assetsPath: string;
  action: string;
  email?: string | undefined;
  error?: string | undefined;
  prefetch?: readonly string[];
  /** Whether "Keep me signed in on this device" is ticked (a form shown again keeps the user's choice). */
  keep?: boolean;
}): string {
  const email = options.email ?? '';
  return layout({
    assetsPath: options.assetsPath,
    ...(options.prefetch ? { prefetch: options.prefetch } : {}),
    title: t.signInTitle,
    body: `<h1>${t.signInTitle}</h1>
<p class="lead">${t.tagline}</p>
${alert(options.error)}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<div class="field">
<label for="email">${t.email}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${email === '' ? ' autofocus' : ''}${invalid(options.error)}>
</div>
<div class="field">
<label for="password">${t.password}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${email === '' ? '' : ' autofocus'}${invalid(options.error)}>
</div>
<div class="check">
<input id="keep" name="keep" type="checkbox" value="yes" aria-describedby="keep-hint"${options.keep === true ? ' checked' : ''}>
<label for="keep">${t.keepSignedIn}</label>
<p class="hint" id="keep-hint">${t.keepSignedInHint}</p>
</div>
<button type="submit">${t.signIn}</button>
</form>`,
  });
}

export function changePasswordPage(options: {
  assetsPath: string;
  action: string;
  email: string;
  rule: string;
  error?: string | undefined;
}): string {
  return layout({
    assetsPath: options.assetsPath,
    title: t.changePasswordTitle,
    body: `<h1>${t.changePasswordTitle}</h1>
<p class="lead">${t.changePasswordIntro}</p>
${alert(options.error)}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<input type="email" name="username" autocomplete="username" value="${escapeHtml(options.email)}" hidden readonly>
<div class="field">
<label for="password">${t.newPassword}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required autofocus aria-describedby="password-rule${options.error === undefined ? '' : ' form-error'}"${options.error === undefined ? '' : ' aria-invalid="true"'}>
<p class="hint" id="password-rule">${escapeHtml(options.rule)}</p>
</div>
<div class="field">
<label for="confirm">${t.confirmPassword}</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required${invalid(options.error)}>
</div>
<button type="submit">${t.savePassword}</button>
</form>`,
  });
}

export function messagePage(options: {
  assetsPath: string;
  title: string;
  message: string;
  details?: readonly string[];
  link?: { href: string; label: string } | undefined;
}): string {
  const details = (options.details ?? []).map((line) => `<p class="detail">${escapeHtml(line)}</p>`).join('');
  const link =
    options.link === undefined
      ? ''
      : `<p><a class="button" href="${escapeHtml(options.link.href)}">${escapeHtml(options.link.label)}</a></p>`;
  return layout({
    assetsPath: options.assetsPath,
    title: options.title,
    body: `<h1>${escapeHtml(options.title)}</h1>
<p class="lead">${escapeHtml(options.message)}</p>
${details}${link}`,
  });
}

/**
 * The sign-out of the session's own user (the request carried its ID token), submitted at once by auto-submit.js;
 * without scripts the button does it.
 */
export function logoutPage(options: { assetsPath: string; form: string }): string {
  const formId = /id="([^"]+)"/.exec(options.form)?.[1] ?? 'op.logoutForm';
  return layout({
    assetsPath: options.assetsPath,
    title: t.signingOutTitle,
    scripts: ['auto-submit.js'],
    body: `<h1>${t.signingOutTitle}</h1>
<p class="lead">${t.signingOutMessage}</p>
${options.form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')}
<noscript><button type="submit" form="${escapeHtml(formId)}">${t.signOut}</button></noscript>`,
  });
}

/**
 * The sign-out a request without the session's own ID token asks for: any website can send a browser here, so
 * nothing happens until the user says so (the button posts the form), and a link leads back to the app.
 */
export function logoutConfirmPage(options: { assetsPath: string; form: string; back: string }): string {
  return layout({
    assetsPath: options.assetsPath,
    title: t.confirmSignOutTitle,
    body: `<h1>${t.confirmSignOutTitle}</h1>
<p class="lead">${t.confirmSignOutMessage}</p>
${options.form.replace('</form>', `<input type="hidden" name="logout" value="yes"><button type="submit">${t.signOut}</button></form>`)}
<p class="secondary-action"><a class="button button-secondary" href="${escapeHtml(options.back)}">${t.staySignedIn}</a></p>`,
  });
}
