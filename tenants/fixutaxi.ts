import { defineTenant } from './defineTenant'

export default defineTenant({
  id: 'fixutaxi',
  name: 'Fixutaxi',
  hosts: ['fixutaxi.matkaportaali.fi'],
  theme: {
    colors: { primary: '#2e6b2f', accent: '#ffcc00' },
    menuRight: true,
  },
  features: { travelCardRegistration: true, registerButton: true },
})
