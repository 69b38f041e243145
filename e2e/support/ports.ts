/** Loopback ports of the browser suite's servers (the app itself is E2E_PORT, default 4317). */
export const mailboxPorts = {
  smtp: Number(process.env.E2E_SMTP_PORT ?? 4318),
  http: Number(process.env.E2E_MAILBOX_PORT ?? 4319),
}

/** The local OpenID Connect server that plays Google for the browser suite. */
export const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 4320)
