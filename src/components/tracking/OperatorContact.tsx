import { Trans } from '@lingui/react/macro'
import { useEnvironment } from '../../app/environment'
import { DetailList, TripSection } from '../trips/TripSection'
import { PhoneLink } from '../ui/PhoneLink'

/**
 * The operator's customer service (the tenant's `contact`), on trip detail and on a tracking link: whoever
 * follows a trip can call or write to them. Nothing where the tenant has given no contact.
 */
export function OperatorContact() {
  const { tenant } = useEnvironment()
  const { contact } = tenant
  if (!contact) return null
  return (
    <TripSection title={<Trans id="tracking.contact.heading">Transport service</Trans>}>
      <DetailList>
        <dt className="font-semibold">
          <Trans id="tracking.contact.phone">Phone</Trans>
        </dt>
        <dd>
          <PhoneLink phone={contact.phone} />
        </dd>
        <dt className="font-semibold">
          <Trans id="tracking.contact.email">E-mail</Trans>
        </dt>
        <dd>
          <a
            href={`mailto:${contact.email}`}
            className="link inline-flex min-h-target items-center break-all"
          >
            {contact.email}
          </a>
        </dd>
      </DetailList>
    </TripSection>
  )
}
