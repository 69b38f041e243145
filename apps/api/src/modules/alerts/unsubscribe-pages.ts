import { escapeHtml } from './alert-messages.ts'

/** The pages of the one-click unsubscribe link (RFC 8058), for a person who opens it in a browser. */

/** A small page in the site's colours; no script (the site's CSP allows none inline), inline styles only. */
function page(title: string, body: string, publicUrl: string): string {
  const alertsUrl = `${publicUrl}/alerts`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Picks Marketplace</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a">
<main style="max-width:480px;margin:48px auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1>
${body}
<p style="margin:24px 0 0;font-size:14px"><a href="${escapeHtml(alertsUrl)}" style="color:#059669">Manage all alerts</a></p>
</main></body></html>`
}

export function confirmPage(creatorName: string, action: string, publicUrl: string): string {
  const label = `Stop e-mails from ${creatorName}`
  return page(
    label,
    `<p style="margin:0 0 16px;color:#475569">You will no longer get ${escapeHtml(creatorName)}'s picks by e-mail. Texts and other creators are not affected.</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="background:#059669;color:#fff;border:0;border-radius:8px;padding:10px 16px;font-size:16px;cursor:pointer">${escapeHtml(label)}</button>
</form>`,
    publicUrl,
  )
}

export function donePage(creatorName: string, publicUrl: string): string {
  return page(
    'Unsubscribed',
    `<p style="margin:0;color:#475569">You will no longer get e-mails from ${escapeHtml(creatorName)}. You can turn them back on from your alerts.</p>`,
    publicUrl,
  )
}

export function problemPage(message: string, publicUrl: string): string {
  return page(
    'This link does not work',
    `<p style="margin:0;color:#475569">${escapeHtml(message)}. You can choose which e-mails you get from your alerts.</p>`,
    publicUrl,
  )
}
