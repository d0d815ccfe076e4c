import { createFileRoute } from '@tanstack/react-router'
import { contentScreen } from '../components/contentScreen'
import AccessibilityReportKeusote from '../content/accessibility/AccessibilityReportKeusote'
import { contentTitles } from '../content/titles'

export const Route = createFileRoute('/accessibility-report-keusote')({
  component: contentScreen(AccessibilityReportKeusote, contentTitles.accessibility),
})
