import { Link } from 'react-router'
import { site } from '../../lib/site.ts'
import { KeyTerms, LegalDocument, LegalSection } from './legal-document.tsx'
import { SupportEmailLink } from './support-email-link.tsx'

export function Component() {
  return (
    <LegalDocument title="Terms of Service" summary={<KeyTerms />}>
      <LegalSection title="1. About these terms">
        <p>
          These Terms of Service are an agreement between you and {site.name} (“we”, “us”) for the use of our website
          and apps (the “Service”). The Service is a marketplace where independent creators publish sports picks and
          analysis, and customers buy access to them by subscription or one-time purchase. By creating an account or
          buying access you accept these terms and our <Link to="/privacy-policy">Privacy Policy</Link>. Creators also
          accept the <Link to="/creator-terms">Creator Terms</Link>.
        </p>
      </LegalSection>

      <LegalSection title="2. Entertainment and information only">
        <p>
          Everything on the Service — picks, odds, records, analysis and statistics — is provided for entertainment and
          information only. It is not betting, investment, financial or legal advice, and no pick is a promise of any
          outcome. Past results do not predict future results. We do not accept bets or hold wagering funds, and we are
          not a sportsbook. Any decision to bet, and any money you win or lose, is your own responsibility.
        </p>
        <p>
          Odds shown may come from third-party providers, may be delayed and may differ from the odds offered by a
          sportsbook. Always check the odds and rules of your sportsbook before you bet.
        </p>
      </LegalSection>

      <LegalSection title="3. Who may use the Service">
        <p>
          You must be at least {site.minimumAge} years old, or the legal age for sports betting where you live if that
          is higher, to create an account or buy access. You are responsible for making sure that using betting
          information and placing bets is lawful where you are. We may ask you to confirm your age and may close
          accounts that do not meet this requirement.
        </p>
      </LegalSection>

      <LegalSection title="4. Your account">
        <p>
          Keep your sign-in details secret and tell us at once if you think someone else has used your account. You are
          responsible for activity on your account. Give accurate information and keep it up to date. One person may not
          share an account or resell access to picks.
        </p>
      </LegalSection>

      <LegalSection title="5. Subscriptions, purchases and payment">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            Prices are shown before you pay. Subscription fees are charged in advance at the start of each billing
            period (for example weekly, monthly or yearly), and one-time purchases are charged when you buy them.
          </li>
          <li>
            A subscription renews automatically at the end of each billing period until you cancel it. We will show the
            renewal date and price in Manage Subscriptions.
          </li>
          <li>
            If a plan includes a free trial, you will be charged when the trial ends unless you cancel before then.
          </li>
          <li>Payments are processed by our payment provider. We do not store your full card number.</li>
        </ul>
      </LegalSection>

      <LegalSection title="6. Cancelling">
        <p>
          You can cancel a subscription at any time from Manage Subscriptions, or by writing to <SupportEmailLink />.
          Cancelling stops future renewals; you keep access until the end of the billing period you have already paid
          for, and you will not be charged again.
        </p>
      </LegalSection>

      <LegalSection title="7. Refunds">
        <p>
          Because access starts as soon as you pay, fees are non-refundable, including for partly used billing periods
          and for picks that lose, except where a refund is required by law. If you believe you were charged in error,
          contact support within 30 days and we will look into it.
        </p>
      </LegalSection>

      <LegalSection title="8. Acceptable use">
        <p>You agree not to:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>copy, share, publish or resell paid picks or content without the creator’s permission;</li>
          <li>scrape the Service, overload it, or try to get around access controls or security;</li>
          <li>harass other users or creators, or post unlawful, misleading or infringing content;</li>
          <li>use the Service if you have excluded yourself from gambling or are barred from betting.</li>
        </ul>
      </LegalSection>

      <LegalSection title="9. Creators and their content">
        <p>
          Picks are written by independent creators, not by us. Creators are responsible for their own content. Records
          shown on the Service are calculated from graded picks, but we do not guarantee that any creator’s information
          is complete or correct.
        </p>
      </LegalSection>

      <LegalSection title="10. Responsible gambling">
        <p>
          Only bet what you can afford to lose, and never chase losses. If gambling is causing you or someone close to
          you harm, call {site.gamblingHelpline} (free and confidential, 24/7) or visit our{' '}
          <Link to="/support">Support page</Link> for more help. You can ask us to close your account at any time.
        </p>
      </LegalSection>

      <LegalSection title="11. Suspension and termination">
        <p>
          You may close your account at any time. We may suspend or close an account that breaks these terms, that we
          reasonably believe is being used for fraud, or where the law requires it. If we close your account without
          cause, we will refund the unused part of any prepaid period.
        </p>
      </LegalSection>

      <LegalSection title="12. Disclaimers and limitation of liability">
        <p>
          The Service is provided “as is” and “as available”. To the fullest extent the law allows, we are not liable
          for betting losses, lost profits, or indirect or consequential loss, and our total liability to you for any
          claim is limited to the amount you paid us in the 12 months before the claim. Nothing in these terms limits
          rights you have under consumer law that cannot be excluded.
        </p>
      </LegalSection>

      <LegalSection title="13. Changes to these terms">
        <p>
          We may update these terms. If a change is significant we will tell you by e-mail or in the app at least 14
          days before it takes effect. If you keep using the Service after that, the new terms apply; if you do not
          agree, you can cancel before they take effect.
        </p>
      </LegalSection>

      <LegalSection title="14. Contact">
        <p>
          Write to <SupportEmailLink />.
        </p>
      </LegalSection>
    </LegalDocument>
  )
}
