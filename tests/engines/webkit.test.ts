import { describeJourneys } from './support/journeys'
import { launchWebKit } from './support/webkit'

describeJourneys('WebKitGTK', launchWebKit)
