import { desc, eq } from 'drizzle-orm'
import { CreatorAffiliateAnswer, CreatorBalance, DeliveryMethod, PromoCodeAnswer } from '@picks/contracts'
import type { LightMyRequestResponse } from 'fastify'
import { smsOutbox } from '../modules/notifications/notifications.table.ts'
import type { TestApp } from './build-test-app.ts'
import { addPlan, creator, startCheckout } from './payments.ts'
import { person, request, type Person } from './people.ts'

/**
 * The world of the access-matrix test: one of every kind of caller, and two owners (the first
 * customer and the first creator) whose private fields carry marker values that can be searched
 * for in any answer. Built through the real endpoints, as a person would.
 */

export const personaKeys = [
  'anonymous',
  'customer',
  'otherCustomer',
  'creator',
  'otherCreator',
  'moderator',
  'unverifiedAdmin',
  'admin',
] as const
export type PersonaKey = (typeof personaKeys)[number]

/** The two people whose resources the matrix calls routes on. */
export type OwnerKey = 'customer' | 'creator'

/** One private field's value, and who may see it in an answer. */
export interface Marker {
  /** What the value is, for failure messages: "the customer's e-mail". */
  name: string
  /** Finds the value in a response body. */
  pattern: RegExp
  /** Who may see it anywhere: its owner, a verified admin, and whoever else it is shared with. */
  seenBy: readonly PersonaKey[]
  /** Routes (`GET /api/clients`) where someone else may see it too: data they entered themselves. */
  alsoOn?: Partial<Record<PersonaKey, readonly string[]>>
}

export interface AccessWorld {
  /** Every caller but the visitor, by persona. */
  people: Record<Exclude<PersonaKey, 'anonymous'>, Person>
  creatorUsername: string
  planId: string
  premiumPickId: string
  freePickId: string
  purchaseId: string
  /** The sandbox checkout the first customer paid through. */
  checkoutSessionId: string
  /** The sandbox onboarding link the first creator finished. */
  onboardingLinkId: string
  /** One of the first creator's delivery methods. */
  deliveryMethodId: string
  /** One of the first creator's promo codes. */
  promoCodeId: string
  /** The first creator's invitation to an affiliate. */
  affiliateId: string
  markers: Marker[]
}

/** Marker values: unusual enough that no other field of any answer holds them by chance. */
export const worldValues = {
  customerEmail: 'matrix.owner.customer@example.com',
  customerPhone: '+442079460958',
  creatorEmail: 'matrix.owner.creator@example.com',
  creatorPhone: '+442079460959',
  creatorUsername: 'MatrixOwnerCreator',
  premiumSelection: 'Celtics ML premium-selection-qz7k',
  premiumReasoning: 'Premium analysis qz7k: Boston is rested and the Knicks are on a back-to-back.',
  clientNote: 'Client note qz7k: pays on time, likes NBA unders',
  /** What the first customer pays; the plan's price changes afterwards, so only the purchase says it. */
  purchaseCents: 48317,
  planCentsAfter: 2900,
} as const

function expectStatus(res: LightMyRequestResponse, status: number, what: string): void {
  if (res.statusCode !== status) throw new Error(`${what} answered ${res.statusCode}, not ${status}: ${res.body}`)
}

/** A number as a JSON value (never part of an id or a longer number). */
function jsonNumber(cents: number): RegExp {
  return new RegExp(`[:,\\[]\\s*${cents}\\s*[,\\]}]`)
}

function literal(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i')
}

/** The national part of a number, so any formatting of it is found ("+44 20 7946 0958", "2079460958"). */
function phonePattern(e164: string): RegExp {
  const national = e164.slice(3)
  return new RegExp(national.split('').join('[\\s().-]*'))
}

/** Gives `who` a verified profile phone through the texted code, as the profile page does. */
async function verifyPhone(t: TestApp, who: Person, phone: string): Promise<void> {
  expectStatus(await request(t, 'POST', '/users/me/phone', who, { phone }), 202, 'POST /users/me/phone')
  const [text] = await t.database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.toNumber, phone))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(1)
  const code = text?.body.match(/(\d{6})/)?.[1]
  if (!code) throw new Error(`no code texted to ${phone}`)
  expectStatus(await request(t, 'POST', '/users/me/phone/verify', who, { phone, code }), 200, 'phone verification')
}

/** Finishes the sandbox onboarding through the API; the link's id. */
async function onboardThroughApi(t: TestApp, who: Person): Promise<string> {
  const started = await request(t, 'POST', '/creators/onboard', who, {
    creatorId: who.id,
    email: who.email,
    name: 'Matrix Creator',
  })
  expectStatus(started, 200, 'POST /creators/onboard')
  const linkId = (started.json() as { url: string }).url.split('/').pop() ?? ''
  expectStatus(
    await request(t, 'POST', `/sandbox/onboarding/${linkId}/complete`, who, {}),
    200,
    'completing the sandbox onboarding',
  )
  return linkId
}

async function postPick(t: TestApp, who: Person, premium: boolean, selection: string, reasoning: string) {
  const res = await request(t, 'POST', '/picks', who, {
    pick_details: JSON.stringify({
      sport: 'nba',
      game_date: '2030-11-23T20:00:00.000Z',
      home_team: 'Boston Celtics',
      away_team: 'New York Knicks',
      bet_type: 'moneyline',
      pick: selection,
      odds: -150,
      reasoning,
      result: 'pending',
    }),
    is_premium: premium,
  })
  expectStatus(res, 201, 'POST /picks')
  return (res.json() as { pick: { id: string } }).pick.id
}

export async function buildAccessWorld(t: TestApp): Promise<AccessWorld> {
  const v = worldValues
  const customer = await person(t, v.customerEmail)
  const otherCustomer = await person(t, 'matrix.other.customer@example.com')
  const creatorPerson = await creator(t, v.creatorEmail, v.creatorUsername)
  const otherCreator = await creator(t, 'matrix.other.creator@example.com', 'MatrixOtherCreator')
  const moderator = await person(t, 'matrix.moderator@example.com', 'moderator')
  const unverifiedAdmin = await person(t, 'matrix.unverified.admin@example.com', 'unverifiedAdmin')
  const admin = await person(t, 'matrix.admin@example.com', 'admin')

  await verifyPhone(t, customer, v.customerPhone)
  await verifyPhone(t, creatorPerson, v.creatorPhone)

  // The first creator sells a plan, and posts a premium pick and a free one.
  const onboardingLinkId = await onboardThroughApi(t, creatorPerson)
  const plan = await addPlan(t, creatorPerson, {
    name: 'Matrix monthly',
    kind: 'subscription',
    interval: 'month',
    price_cents: v.purchaseCents,
  })
  const premiumPickId = await postPick(t, creatorPerson, true, v.premiumSelection, v.premiumReasoning)
  const freePickId = await postPick(t, creatorPerson, false, 'Boston Celtics', 'Free pick: the Celtics at home.')
  const method = await request(t, 'POST', '/delivery-methods', creatorPerson, {
    creatorId: creatorPerson.id,
    method: 'email',
  })
  expectStatus(method, 201, 'POST /delivery-methods')
  const deliveryMethodId = DeliveryMethod.parse(method.json()).id
  const code = await request(t, 'POST', '/promo-codes', creatorPerson, {
    code: 'MATRIX10',
    discount_kind: 'percent',
    percent_off: 10,
    duration: 'once',
  })
  expectStatus(code, 201, 'POST /promo-codes')
  const promoCodeId = PromoCodeAnswer.parse(code.json()).promo_code.id
  const invitation = await request(t, 'POST', '/affiliates', creatorPerson, {
    email: 'matrix.affiliate@example.com',
    reward_kind: 'percent',
    percent_bps: 2000,
    amount_cents: null,
    payments: 'every',
    plan_ids: null,
  })
  expectStatus(invitation, 201, 'POST /affiliates')
  const affiliateId = CreatorAffiliateAnswer.parse(invitation.json()).affiliate.id

  // The first customer subscribes through the sandbox checkout, then the price changes for new
  // buyers: what this customer pays is theirs (and the seller's) to see.
  const { purchase, sessionId } = await startCheckout(t, customer, plan.id)
  const sandbox = t.app.billing.sandbox
  if (!sandbox) throw new Error('the access world needs the sandbox payment provider')
  await sandbox.payCheckout(sessionId, 'succeeds')
  expectStatus(
    await request(t, 'PUT', `/subscription-pricing/${plan.id}`, creatorPerson, { price_cents: v.planCentsAfter }),
    200,
    'changing the plan price',
  )

  // The customer's alert choices, and the creator's note about them on the client list.
  expectStatus(
    await request(t, 'PUT', `/email-preferences/${customer.id}/creator/${creatorPerson.id}`, customer, {
      enabled: true,
    }),
    200,
    'the e-mail preference',
  )
  expectStatus(await request(t, 'POST', '/sms/subscribe', customer, {}), 200, 'turning texts on')
  expectStatus(
    await request(t, 'POST', '/clients', creatorPerson, {
      name: 'Pat Bettor',
      email: v.customerEmail,
      phone: v.customerPhone,
      note: v.clientNote,
    }),
    201,
    'POST /clients',
  )

  const balance = await request(t, 'GET', `/creators/balance/${creatorPerson.id}`, creatorPerson)
  expectStatus(balance, 200, "the creator's balance")
  const earnings = CreatorBalance.parse(balance.json())
  if (earnings.gross_cents !== v.purchaseCents || earnings.fees_cents <= 0) {
    throw new Error(`the sale is not on the creator's balance: ${balance.body}`)
  }

  const privateToCustomer = ['customer', 'admin'] as const
  const privateToCreator = ['creator', 'admin'] as const
  // The creator sees the e-mail and phone they typed onto their own client list.
  const onTheirClientList = { creator: ['GET /api/clients'] }
  const markers: Marker[] = [
    {
      name: "the customer's e-mail",
      pattern: literal(v.customerEmail),
      seenBy: privateToCustomer,
      alsoOn: onTheirClientList,
    },
    {
      name: "the customer's phone",
      pattern: phonePattern(v.customerPhone),
      seenBy: privateToCustomer,
      alsoOn: onTheirClientList,
    },
    { name: "the creator's e-mail", pattern: literal(v.creatorEmail), seenBy: privateToCreator },
    { name: "the creator's phone", pattern: phonePattern(v.creatorPhone), seenBy: privateToCreator },
    // Premium content: its creator, an admin, and the subscribed customer.
    {
      name: "the premium pick's selection",
      pattern: literal(v.premiumSelection),
      seenBy: ['creator', 'admin', 'customer'],
    },
    {
      name: "the premium pick's analysis",
      pattern: literal(v.premiumReasoning),
      seenBy: ['creator', 'admin', 'customer'],
    },
    // The purchase: its buyer, the creator who sold it, an admin.
    { name: "the customer's purchase id", pattern: literal(purchase.id), seenBy: ['customer', 'creator', 'admin'] },
    {
      name: "the customer's purchase amount",
      pattern: jsonNumber(v.purchaseCents),
      seenBy: ['customer', 'creator', 'admin'],
    },
    { name: "the creator's net earnings", pattern: jsonNumber(earnings.lifetime_net_cents), seenBy: privateToCreator },
    {
      name: "the platform's fee on the creator's sale",
      pattern: jsonNumber(earnings.fees_cents),
      seenBy: privateToCreator,
    },
    { name: "the creator's client note", pattern: literal(v.clientNote), seenBy: privateToCreator },
  ]

  return {
    people: { customer, otherCustomer, creator: creatorPerson, otherCreator, moderator, unverifiedAdmin, admin },
    creatorUsername: v.creatorUsername,
    planId: plan.id,
    premiumPickId,
    freePickId,
    purchaseId: purchase.id,
    checkoutSessionId: sessionId,
    onboardingLinkId,
    deliveryMethodId,
    promoCodeId,
    affiliateId,
    markers,
  }
}
