import { Link } from 'react-router'
import { site } from '../../lib/site.ts'
import { KeyTerms, LegalDocument, LegalSection } from './legal-document.tsx'
import { SupportEmailLink } from './support-email-link.tsx'

export function Component() {
  return (
    <LegalDocument
      title="Creator Terms"
      summary={
        <>
          <p className="mb-2 font-semibold">These terms add to the Terms of Service for anyone who sells picks.</p>
          <KeyTerms />
        </>
      }
    >
      <LegalSection title="1. Becoming a creator">
        <p>
          Any customer aged {site.minimumAge} or older can apply to become a creator from the dashboard. You must give a
          unique username, a truthful bio and the sports you cover, and complete payout onboarding with our payment
          provider before you can be paid. These Creator Terms apply in addition to our{' '}
          <Link to="/terms-of-service">Terms of Service</Link> and <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>
      </LegalSection>

      <LegalSection title="2. What you sell">
        <p>
          You set your own plans: subscriptions (weekly, monthly or yearly) and one-time passes, with optional free
          trials and promotions. Customers pay in advance. You may change prices for future billing periods; existing
          subscribers keep their current price until their period ends, and we notify them before a higher price
          applies.
        </p>
      </LegalSection>

      <LegalSection title="3. Honest picks and records">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            Publish each pick before the game starts. A pick locks when the game begins and cannot be edited after.
          </li>
          <li>
            Your record, units and ROI are calculated by the Service from graded picks only. Do not claim results that
            the record does not show, and do not promise guaranteed wins, “locks” or risk-free bets.
          </li>
          <li>
            Present picks as entertainment and information. Do not encourage anyone to bet more than they can afford, to
            chase losses, or to borrow money to bet.
          </li>
          <li>Do not target or knowingly sell to anyone under {site.minimumAge}.</li>
          <li>Only publish content you own or may use, and disclose any sportsbook affiliation or paid promotion.</li>
        </ul>
      </LegalSection>

      <LegalSection title="4. Fees and payouts">
        <p>
          We keep a platform fee on each payment (currently 10%), and the rest is credited to your balance, minus any
          payment-processing costs shown in your dashboard. Payouts are made through our payment provider to the account
          you connected during onboarding. Refunds and chargebacks on your sales are deducted from your balance. You are
          responsible for your own taxes.
        </p>
      </LegalSection>

      <LegalSection title="5. Cancellations and refunds">
        <p>
          Customers can cancel at any time and keep access to the end of the period they paid for; fees are
          non-refundable except as required by law. We may refund a customer where the law requires it, where a charge
          was made in error, or where you failed to deliver what your plan promised; such refunds are deducted from your
          balance.
        </p>
      </LegalSection>

      <LegalSection title="6. Messages to subscribers">
        <p>
          Picks are delivered to your subscribers by e-mail and SMS according to their own settings. Only send messages
          through the Service, only about your picks and plans, and never ask subscribers for payment outside the
          Service.
        </p>
      </LegalSection>

      <LegalSection title="7. Content licence">
        <p>
          You keep ownership of your content. You give us a non-exclusive, worldwide licence to host, display and
          deliver it to your customers and to show free picks and your public record in the shop, the locker room and
          sport hubs, for as long as you remain a creator and for a reasonable time after.
        </p>
      </LegalSection>

      <LegalSection title="8. Suspension">
        <p>
          We may hide content or suspend a creator account that breaks these terms, misleads customers, or is the
          subject of repeated valid complaints. We will tell you why, and you can reply to <SupportEmailLink />. If you
          stop selling, active subscribers keep access to what they paid for until their period ends.
        </p>
      </LegalSection>
    </LegalDocument>
  )
}
