/**
 * The browser suite's administrator: e2e/start-server.ts makes this account with
 * `npm run admin:create` before the server listens and names it in ADMIN_EMAIL; the admin tests
 * sign in with it. Override with E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD. A file of its own, free of
 * Playwright, because the server process reads it too.
 */
export const e2eAdmin = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin-e2e@example.com',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'Admin1!Picks-e2e',
}

/**
 * The admin area's second password: chosen the first time an administrator enters it and entered
 * after that. Every test that opens the admin area shares it, since any of them may come first.
 */
export const adminConsolePassword = 'Console9!Secret'
