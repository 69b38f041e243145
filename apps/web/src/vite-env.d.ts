/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base of the HTTP API; defaults to `/api` (same origin, proxied in development). */
  readonly VITE_API_URL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
