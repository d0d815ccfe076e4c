import { defineTenant } from './defineTenant'

export default defineTenant({
  id: 'lapha',
  name: 'Lapha',
  hosts: ['lapha.matkaportaali.fi'],
  theme: {
    colors: { primary: '#004b87', accent: '#a7e3ff' },
  },
  features: { travelCardRegistration: true },
  phone: { internationalFormat: true, requiredAtBooking: true },
})
