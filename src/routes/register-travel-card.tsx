import { createFileRoute } from '@tanstack/react-router'
import { RegisterTravelCardScreen } from '../components/invitations/RegisterTravelCardScreen'
import { useSignedIn } from '../components/shell/useSignedIn'
import { TenantFeature } from '../components/TenantFeature'

/** Travel card registration: public, on the tenants that register cards (spec sections 2 and 6). */
export const Route = createFileRoute('/register-travel-card')({ component: RegisterTravelCardRoute })

function RegisterTravelCardRoute() {
  const signedIn = useSignedIn()
  return (
    <TenantFeature feature="travelCardRegistration">
      <RegisterTravelCardScreen key={String(signedIn)} signedIn={signedIn} />
    </TenantFeature>
  )
}
