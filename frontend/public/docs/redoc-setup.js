// Redoc's search probes for a web worker by compiling code with Function(), which the page's
// Content-Security-Policy forbids (no 'unsafe-eval'); the refused probe is reported as a violation.
// Without Worker it skips the probe and indexes on the page itself, which is quick for one contract.
window.Worker = undefined;
