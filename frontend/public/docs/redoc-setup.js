// Redoc's search probes for a web worker by compiling code with Function(), which the page's
// Content-Security-Policy forbids (no 'unsafe-eval'); the refused probe is reported as a violation.
// Without Worker it skips the probe and indexes on the page itself, which is quick for one contract.
window.Worker = undefined;

// Redoc's sidebar (search, menu, actions) is a plain div outside its <main>: once it renders, it
// becomes the page's navigation landmark, so every control of the page sits in a landmark.
new MutationObserver((_, observer) => {
  const sidebar = document.querySelector('.menu-content');
  if (!sidebar) return;
  sidebar.setAttribute('role', 'navigation');
  sidebar.setAttribute('aria-label', 'API reference');
  observer.disconnect();
}).observe(document.documentElement, { childList: true, subtree: true });
