import { defineTenant } from './defineTenant'

export default defineTenant({
  id: 'demo',
  name: 'Demo',
  hosts: ['demo.matkaportaali.fi', 'demo.passengerportal.co.uk', 'demo.passengerportal.us'],
  theme: {
    colors: { primary: '#374151', accent: '#f59e0b' },
  },
  features: { transportationPermissions: true },
  // Made-up values, to show where an operator's customer service appears.
  contact: { phone: '+358 50 123 4567', email: 'asiakaspalvelu@demo.matkaportaali.fi' },
})
