import { defineTenant } from './defineTenant'

export default defineTenant({
  id: 'luvn',
  name: 'LUVN',
  hosts: ['luvn.matkaportaali.fi'],
  theme: {
    colors: { primary: '#6a1b4d', accent: '#ffc2e2' },
  },
  features: { transportationPermissions: true },
  phone: { requiredAtBooking: true },
})
