import { launchFirefox } from './support/firefox'
import { describeJourneys } from './support/journeys'

describeJourneys('Firefox ESR', launchFirefox)
