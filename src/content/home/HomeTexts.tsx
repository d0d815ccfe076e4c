import { Trans } from '@lingui/react/macro'
import { useEnvironment } from '../../app/environment'
import { BulletList, Section } from '../ContentBlocks'

/**
 * The texts of the home page. `home.title` and `home.slogan` keep these ids: the `th` text variant overrides
 * them in the catalogs. The operator's name is a proper noun and is passed into the messages untranslated.
 */
export function HomeIntro() {
  const { tenant } = useEnvironment()
  const operator = tenant.name
  return (
    <div className="space-y-3">
      <h1 className="whole-words text-3xl leading-tight font-bold max-[18rem]:text-2xl">
        <Trans id="home.title">Passenger portal</Trans>
      </h1>
      <p className="text-lg font-semibold">
        <Trans id="home.slogan">Your school, care and taxi trips in one place</Trans>
      </p>
      <p>
        <Trans id="home.intro.purpose">
          This portal is for passengers of {operator} and their guardians. See the trips of the passengers you
          look after two weeks ahead, and cancel the trips that are not needed.
        </Trans>
      </p>
      {tenant.features.booking ? (
        <p>
          <Trans id="home.intro.booking">
            You can also book rides yourself, and a return ride for each, within your transport permission.
          </Trans>
        </p>
      ) : null}
      <p>
        <Trans id="home.intro.follow">
          On the day of the trip you can follow the car on the map. You can also send messages to {operator},
          review finished trips and manage your passengers.
        </Trans>
      </p>
    </div>
  )
}

/** Practical notes for a first visit; the home page leaves it out for the tenant whose `infoList` is off. */
export function HomeInfoList() {
  const { tenant } = useEnvironment()
  const operator = tenant.name
  return (
    <Section title={<Trans id="home.info.title">Good to know</Trans>}>
      <BulletList>
        <li>
          <Trans id="home.info.access_code">
            To add a passenger you need an access code. It is sent to you by text message, or you can get it
            from the transport organiser.
          </Trans>
        </li>
        <li>
          <Trans id="home.info.login">
            Log in with strong authentication (online banking codes or a mobile certificate) or with a
            username and password.
          </Trans>
        </li>
        <li>
          <Trans id="home.info.password">
            If you logged in with strong authentication, you can create a username and password on the Create
            password page.
          </Trans>
        </li>
        <li>
          <Trans id="home.info.two_weeks">Trips are shown two weeks ahead.</Trans>
        </li>
        <li>
          <Trans id="home.info.contact">
            To contact {operator}, log in and send a message on the Messages page. On the day of a trip, the
            phone number of the car is shown with the trip.
          </Trans>
        </li>
      </BulletList>
    </Section>
  )
}
