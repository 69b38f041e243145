import { UnsubscribeAnswer, UnsubscribeQuery, text } from '@picks/contracts'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AlertServiceDeps } from './alert-lookups.ts'
import type { AlertLinks } from './alert-messages.ts'
import { unsubscribeByToken, unsubscribePage } from './email-unsubscribe.ts'
import { donePage } from './unsubscribe-pages.ts'

function prefersHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? ''
  return accept.includes('text/html')
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html)
}

/** The one-click unsubscribe link of every pick e-mail (RFC 8058): its page, and the post that unsubscribes. */
export const emailUnsubscribeRoutes: FastifyPluginAsyncZod<{ services: AlertServiceDeps; links: AlertLinks }> = async (
  app,
  options,
) => {
  const { services, links } = options
  const tags = ['alerts']

  // Mail clients post the one-click body form-encoded or as multipart (RFC 8058 §3.1), and so
  // does our page's button. The body says nothing the signed token does not: it is not read.
  // This plugin's own context keeps these parsers to these two routes.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, _body, done) => done(null, {}),
  )

  app.get(
    '/email/unsubscribe',
    {
      // Anyone with the link: the token, signed for one person and creator, is the proof.
      config: { access: 'signature' },
      schema: {
        tags,
        summary: "The unsubscribe link's page: a button that posts; opening the link changes nothing",
        querystring: z.object({ token: text().max(2000).optional() }),
      },
    },
    async (request, reply) => {
      const { status, html } = await unsubscribePage(services, links, request.query.token ?? '')
      return sendPage(reply, status, html)
    },
  )

  app.post(
    '/email/unsubscribe',
    {
      config: { access: 'signature' },
      schema: {
        tags,
        summary: "One-click unsubscribe: stops the creator's e-mails to the person the signed token names",
        querystring: UnsubscribeQuery,
        response: { 200: UnsubscribeAnswer },
      },
    },
    async (request, reply) => {
      const answer = await unsubscribeByToken(services, links.secret, request.query.token)
      // Our page's button is a browser navigation and wants a page back; mail clients get JSON.
      if (prefersHtml(request)) return sendPage(reply, 200, donePage(answer.creatorName, links.publicUrl))
      return answer
    },
  )
}
