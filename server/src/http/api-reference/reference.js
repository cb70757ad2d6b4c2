// The API reference page: Swagger UI over the served contract. "Try it out" sends the signed-in user's
// access token (the app keeps it in local storage as auth_token on this same origin), so a developer
// signed in to the app can call the API as that user; without it, the calls answer 401.
/* global SwaggerUIBundle */
// Names for the renderer's unlabelled controls, and keyboard access to its scrolling code blocks, added
// as it draws them: screen-reader and keyboard users can use the reference too.
function labelControls(root) {
  for (const select of root.querySelectorAll('select:not([aria-label]):not([id])')) {
    select.setAttribute('aria-label', select.closest('.examples-select') ? 'Example' : 'Choice');
  }
  const servers = root.querySelector('select#servers');
  if (servers && !servers.hasAttribute('aria-label')) servers.setAttribute('aria-label', 'Server');
  for (const select of root.querySelectorAll('.examples-select select:not([aria-label])')) {
    select.setAttribute('aria-label', 'Example');
  }
  for (const block of root.querySelectorAll('.curl, .microlight, pre.body-param__example')) {
    if (!block.hasAttribute('tabindex')) block.setAttribute('tabindex', '0');
  }
}

window.addEventListener('load', () => {
  const root = document.getElementById('reference');
  new MutationObserver(() => {
    labelControls(root);
  }).observe(root, { childList: true, subtree: true });
  SwaggerUIBundle({
    url: '/api/v1/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    displayRequestDuration: true,
    defaultModelsExpandDepth: 0,
    requestInterceptor: (request) => {
      const token = window.localStorage.getItem('auth_token');
      if (token && !request.headers.Authorization) request.headers.Authorization = `Bearer ${token}`;
      return request;
    },
  });
});
