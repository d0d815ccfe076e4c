import { createFileRoute } from '@tanstack/react-router'
import { contentScreen } from '../components/contentScreen'
import PrivacyKeusote from '../content/privacy/PrivacyKeusote'
import { contentTitles } from '../content/titles'

export const Route = createFileRoute('/privacy-keusote')({
  component: contentScreen(PrivacyKeusote, contentTitles.privacy),
})
