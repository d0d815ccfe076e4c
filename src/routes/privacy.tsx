import { createFileRoute } from '@tanstack/react-router'
import { contentScreen } from '../components/contentScreen'
import PrivacyGeneral from '../content/privacy/PrivacyGeneral'
import { contentTitles } from '../content/titles'

export const Route = createFileRoute('/privacy')({
  component: contentScreen(PrivacyGeneral, contentTitles.privacy),
})
