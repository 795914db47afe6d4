// The end-to-end stacks' ports, read by playwright.config.ts and the tests alike.
/** e2e/stack.ts's web server (the "chromium" project's base URL). */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
/** Varnish of e2e/topology-stack.ts (the "varnish" project's base URL); its two web instances use the ports after it. */
export const varnishPort = Number(process.env.E2E_VARNISH_PORT ?? e2ePort + 10);
export const varnishOrigin = `http://127.0.0.1:${varnishPort}`;
