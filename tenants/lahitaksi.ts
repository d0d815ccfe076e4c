import { defineTenant } from './defineTenant'

export default defineTenant({
  id: 'lahitaksi',
  name: 'Lähitaksi',
  hosts: ['lahitaksi.matkaportaali.fi'],
  theme: {
    colors: { primary: '#005f3b', accent: '#ffcf33' },
  },
  features: { travelCardRegistration: true, registerButton: true },
  phone: { internationalFormat: true, requiredAtBooking: true },
})
