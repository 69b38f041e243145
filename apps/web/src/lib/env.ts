/** The API base without a trailing slash: `VITE_API_URL`, else the same-origin `/api`. */
export function apiBaseUrl(): string {
  const configured = import.meta.env.VITE_API_URL?.trim()
  return (configured || '/api').replace(/\/+$/, '')
}

/** The environment the client's reports carry (spec §9): the build's mode, `production` in a production build. */
export function buildEnvironment(): string {
  return import.meta.env.MODE
}
