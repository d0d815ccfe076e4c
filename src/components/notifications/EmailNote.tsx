import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { EmailAddressState } from '../../contract/notifications'
import { Alert } from '../ui/Alert'

/**
 * Why the e-mail switches cannot be used yet: no confirmed address, or one that mails could not reach. Its id
 * describes each disabled switch; the link goes where the address is given and confirmed.
 */
export function EmailNote({ id, address }: { id: string; address: Exclude<EmailAddressState, 'verified'> }) {
  const { t } = useLingui()
  return (
    <Alert severity="info">
      <p id={id}>
        {address === 'undeliverable'
          ? t({
              id: 'notifications.email.undeliverable',
              message:
                'Mail to your e-mail address could not be delivered, so nothing is sent to it. Check the address.',
            })
          : t({
              id: 'notifications.email.unconfirmed',
              message:
                'Notifications come by e-mail only to a confirmed address. Give or confirm your address first.',
            })}
      </p>
      {/* At 200 % text its compound (henkilötietoihin) is wider than a phone's box: it may break. */}
      <Link to="/personal-info" className="link inline-flex min-h-target items-center wrap-anywhere">
        {t({ id: 'notifications.email.personal_info', message: 'Go to personal information' })}
      </Link>
    </Alert>
  )
}
