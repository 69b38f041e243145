import { OAuth2Server } from 'oauth2-mock-server'

/**
 * The Google account the browser suite signs in with. The local OpenID Connect server below
 * plays Google and signs ID tokens for this person, with an e-mail Google "verified".
 */
export const googlePerson = {
  sub: '1177001100220033',
  email: 'gale.googler@example.com',
  email_verified: true,
  name: 'Gale Googler',
}

export const googleClient = { id: 'picks-e2e.apps.googleusercontent.com', secret: 'picks-e2e-google-secret' }

/** Starts the OpenID Connect server on loopback; its discovery document is where the API looks Google up. */
export async function startGoogleDouble(port: number): Promise<{ discoveryUrl: string }> {
  const server = new OAuth2Server()
  await server.issuer.keys.generate('RS256')
  server.issuer.url = `http://127.0.0.1:${port}`
  server.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, googlePerson))
  await server.start(port, '127.0.0.1')
  return { discoveryUrl: `${server.issuer.url}/.well-known/openid-configuration` }
}
