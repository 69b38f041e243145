import {
  BillingEmails,
  BillingEmailsBody,
  ChargeAnswer,
  ChargeParams,
  ChargesAnswer,
  UserIdParams,
} from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { billingEmailsOf, chargeOfUser, chargesOf, setBillingEmails } from './billing-history.ts'

/**
 * A customer's billing history and receipts (`/manage-subscriptions`, `/receipts/:id`), theirs or
 * an admin's to read; and a creator's billing e-mails switch (`/creator/notifications`).
 */
export const receiptsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['purchases']

  app.get(
    '/users/:id/charges',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: 'Every charge of a customer, newest first: paid, refunded or failed (that customer or an admin)',
        params: UserIdParams,
        response: { 200: ChargesAnswer },
      },
    },
    async (request) => ({ charges: await chargesOf(db, request.params.id) }),
  )

  app.get(
    '/users/:id/charges/:chargeId',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: "One charge's receipt, to print (that customer or an admin)",
        params: ChargeParams,
        response: { 200: ChargeAnswer },
      },
    },
    async (request) => ({ charge: await chargeOfUser(db, request.params.id, request.params.chargeId) }),
  )

  app.get(
    '/creators/:id/billing-emails',
    {
      config: { access: { owner: 'params.id', role: 'creator' } },
      schema: {
        tags: ['creators'],
        summary: 'Whether the creator gets an e-mail for each new subscriber (that creator or an admin)',
        params: UserIdParams,
        response: { 200: BillingEmails },
      },
    },
    async (request) => billingEmailsOf(db, request.params.id),
  )

  app.put(
    '/creators/:id/billing-emails',
    {
      config: { access: { owner: 'params.id', role: 'creator' } },
      schema: {
        tags: ['creators'],
        summary: 'Turns the new-subscriber e-mails on or off (that creator or an admin)',
        params: UserIdParams,
        body: BillingEmailsBody,
        response: { 200: BillingEmails },
      },
    },
    async (request) => setBillingEmails(db, request.params.id, request.body.new_subscriber_emails),
  )
}
