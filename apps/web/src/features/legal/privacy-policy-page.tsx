import { Link } from 'react-router'
import { site } from '../../lib/site.ts'
import { KeyTerms, LegalDocument, LegalSection } from './legal-document.tsx'
import { SupportEmailLink } from './support-email-link.tsx'

export function Component() {
  return (
    <LegalDocument title="Privacy Policy" summary={<KeyTerms />}>
      <LegalSection title="1. Who we are">
        <p>
          This Privacy Policy explains how {site.name} collects, uses and protects personal information when you use our
          marketplace for sports picks. It applies together with our{' '}
          <Link to="/terms-of-service">Terms of Service</Link>. The Service is for people aged {site.minimumAge} or
          older; we do not knowingly collect information from anyone younger, and we delete it if we learn we have.
        </p>
      </LegalSection>

      <LegalSection title="2. Information we collect">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong>Account details:</strong> your name, e-mail address, password (stored only as a secure hash),
            optional phone number, profile picture and favourite sport.
          </li>
          <li>
            <strong>Creator details:</strong> username, bio, sports, social links, country, and the information our
            payment provider needs to pay you.
          </li>
          <li>
            <strong>Purchases:</strong> what you bought, when, the price and the subscription status. Card details are
            handled by our payment provider; we never see or store your full card number.
          </li>
          <li>
            <strong>Notification settings and messages:</strong> whether you want picks by e-mail or SMS, and records of
            the messages we sent you.
          </li>
          <li>
            <strong>Technical data:</strong> device and browser type, pages visited, error reports and performance
            measurements that help us keep the Service working.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="3. How we use it">
        <ul className="list-disc space-y-1 pl-5">
          <li>to run your account and give you access to the picks you paid for;</li>
          <li>to take payments, renew subscriptions you have not cancelled, and pay creators;</li>
          <li>to send picks, receipts and service messages by e-mail or SMS as you chose;</li>
          <li>to prevent fraud, abuse and unauthorised access, and to enforce our terms;</li>
          <li>to fix problems and improve the Service;</li>
          <li>to meet legal, tax and accounting duties.</li>
        </ul>
        <p>We do not sell your personal information, and we do not use it to encourage you to gamble more.</p>
      </LegalSection>

      <LegalSection title="4. Who we share it with">
        <p>
          We share information only as needed to run the Service: with our payment, e-mail, SMS and hosting providers
          (who act on our instructions); with a creator you subscribe to (your display name and subscription status,
          never your card details); and with authorities when the law requires it.
        </p>
      </LegalSection>

      <LegalSection title="5. Cookies and local storage">
        <p>
          We use essential cookies and your browser’s local storage to keep you signed in, remember settings such as the
          sidebar layout, and keep a short-lived copy of data you have already loaded so pages open quickly. This copy
          expires after 24 hours. We do not use advertising cookies.
        </p>
      </LegalSection>

      <LegalSection title="6. How long we keep it">
        <p>
          We keep account information while your account is open. Purchase and payment records are kept for as long as
          tax and accounting law requires (usually seven years). Message logs and technical data are kept for up to 12
          months. When we no longer need information, we delete or anonymise it.
        </p>
      </LegalSection>

      <LegalSection title="7. Your choices and rights">
        <p>
          You can update your profile and notification settings at any time, stop SMS by replying STOP, and unsubscribe
          from e-mails with the link in each message. Depending on where you live you may have the right to access,
          correct, delete or export your information, or to object to how we use it. Write to <SupportEmailLink /> and
          we will answer within 30 days.
        </p>
      </LegalSection>

      <LegalSection title="8. Security">
        <p>
          We protect information with encryption in transit, hashed passwords, optional two-factor sign-in and access
          limited to staff who need it. No system is perfectly secure; if a breach affects you, we will tell you as the
          law requires.
        </p>
      </LegalSection>

      <LegalSection title="9. Changes">
        <p>
          We will post any change to this policy here with a new date, and tell you by e-mail or in the app if the
          change is significant.
        </p>
      </LegalSection>
    </LegalDocument>
  )
}
