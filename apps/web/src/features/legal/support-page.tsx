import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { pageTitle, site } from '../../lib/site.ts'
import { SupportEmailLink } from './support-email-link.tsx'

const faqs: { question: string; answer: ReactNode }[] = [
  {
    question: 'How do I cancel a subscription?',
    answer: (
      <>
        Open <Link to="/manage-subscriptions">Manage Subscriptions</Link> and choose Cancel next to the plan, or write
        to us. You can cancel at any time. Your access continues until the end of the billing period you have already
        paid for, and you will not be charged again.
      </>
    ),
  },
  {
    question: 'Can I get a refund?',
    answer: (
      <>
        Subscription fees are taken in advance and are non-refundable, except as required by law. If you think you were
        charged by mistake (for example twice for the same plan), e-mail us within 30 days with the date and amount and
        we will put it right.
      </>
    ),
  },
  {
    question: 'Are picks guaranteed to win?',
    answer: (
      <>
        No. Picks are opinions from independent creators, offered for entertainment and information only. Records are
        calculated from graded picks, but past results do not predict future ones.
      </>
    ),
  },
  {
    question: 'How old do I have to be?',
    answer: (
      <>
        You must be {site.minimumAge} or older, or the legal betting age where you live if that is higher, to create an
        account or buy access.
      </>
    ),
  },
  {
    question: 'How do I stop e-mail or SMS alerts?',
    answer: (
      <>
        Change your settings in <Link to="/alerts">Alerts</Link>, reply STOP to any SMS, or use the unsubscribe link in
        any e-mail.
      </>
    ),
  },
  {
    question: 'I want to sell my picks. Where do I start?',
    answer: (
      <>
        Sign in and open the dashboard to become a creator. Read the <Link to="/creator-terms">Creator Terms</Link>{' '}
        first.
      </>
    ),
  },
]

export function Component() {
  return (
    <article className="legal-text mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:py-12">
      <title>{pageTitle('Support')}</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Support</h1>
      <p className="mt-2 text-sm text-slate-600">
        Last updated: <time dateTime="2024-12-15">{site.legalEffectiveDate}</time>
      </p>

      <section
        className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        aria-labelledby="contact-heading"
      >
        <h2 id="contact-heading" className="text-xl font-semibold text-slate-900">
          Contact us
        </h2>
        <p className="mt-2 text-slate-700">
          E-mail <SupportEmailLink /> with the e-mail address on your account and, for a payment question, the date and
          amount. We answer within one business day.
        </p>
      </section>

      <section
        className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950"
        aria-labelledby="responsible-heading"
      >
        <h2 id="responsible-heading" className="text-xl font-semibold">
          Responsible gambling
        </h2>
        <p className="mt-2">
          {site.name} is for entertainment and information only, and only for people aged {site.minimumAge} or older.
          Set a budget before you bet, only bet what you can afford to lose, and never chase losses.
        </p>
        <p className="mt-2">
          If gambling is causing you or someone close to you harm, call{' '}
          <a href="tel:+18004262537">{site.gamblingHelpline}</a> — free, confidential, 24 hours a day. We can also close
          your account on request.
        </p>
      </section>

      <section className="mt-10" aria-labelledby="faq-heading">
        <h2 id="faq-heading" className="text-xl font-semibold text-slate-900">
          Frequently asked questions
        </h2>
        <div className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {faqs.map((faq) => (
            <details key={faq.question} className="group p-4">
              <summary className="cursor-pointer list-none font-semibold text-slate-900 marker:hidden">
                <span className="flex items-center justify-between gap-4">
                  {faq.question}
                  <span aria-hidden="true" className="text-slate-500 transition-transform group-open:rotate-45">
                    +
                  </span>
                </span>
              </summary>
              <p className="mt-3 text-slate-700">{faq.answer}</p>
            </details>
          ))}
        </div>
      </section>

      <p className="mt-10 text-sm text-slate-600">
        See also our <Link to="/terms-of-service">Terms of Service</Link>,{' '}
        <Link to="/privacy-policy">Privacy Policy</Link> and <Link to="/creator-terms">Creator Terms</Link>.
      </p>
    </article>
  )
}
