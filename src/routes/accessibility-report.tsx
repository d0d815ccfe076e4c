import { createFileRoute } from '@tanstack/react-router'
import { contentScreen } from '../components/contentScreen'
import AccessibilityReport from '../content/accessibility/AccessibilityReport'
import { contentTitles } from '../content/titles'

export const Route = createFileRoute('/accessibility-report')({
  component: contentScreen(AccessibilityReport, contentTitles.accessibility),
})
