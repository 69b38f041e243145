import { verificationCode } from './auth-settings.ts'

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function verificationCodeEmail(code: string) {
  const minutes = verificationCode.expiresInSeconds / 60
  return {
    kind: 'verification',
    subject: 'Your Picks Marketplace verification code',
    text: `Your verification code is ${code}\n\nEnter it on the Verify Email page to finish creating your account. It expires in ${minutes} minutes.\n\nIf you did not sign up, ignore this e-mail.`,
    html: `<p>Your verification code is</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${escapeHtml(code)}</p><p>Enter it on the Verify Email page to finish creating your account. It expires in ${minutes} minutes.</p><p>If you did not sign up, ignore this e-mail.</p>`,
  }
}

export function resetPasswordEmail(link: string) {
  return {
    kind: 'password_reset',
    subject: 'Reset your Picks Marketplace password',
    text: `Someone asked to reset the password of your Picks Marketplace account. Open this link to choose a new one (it works once, for one hour):\n\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
    html: `<p>Someone asked to reset the password of your Picks Marketplace account.</p><p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works once, for one hour).</p><p>If it was not you, ignore this e-mail: your password stays as it is.</p>`,
  }
}
