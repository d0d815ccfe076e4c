import { defineTenant } from './defineTenant'

export default defineTenant({
  id: 'kovanen',
  name: 'Kovanen',
  hosts: ['kovanen.matkaportaali.fi'],
  theme: {
    colors: { primary: '#7a1f2b', accent: '#e8b84a' },
  },
  features: { travelCardRegistration: true, registerButton: true },
})
