import { createFileRoute } from '@tanstack/react-router'
import { placeholderScreen } from '../../components/PlaceholderPage'

// Placeholder until the screen's own issue; the route, its guard and its title are real.
export const Route = createFileRoute('/_auth/transportationPermissions/')({
  component: placeholderScreen('transportationPermissions'),
})
