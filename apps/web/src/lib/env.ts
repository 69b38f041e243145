/** The API base without a trailing slash: `VITE_API_URL`, else the same-origin `/api`. */
export function apiBaseUrl(): string {
  const configured = import.meta.env.VITE_API_URL?.trim()
  return (configured || '/api').replace(/\/+$/, '')
}
