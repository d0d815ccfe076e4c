import { defineTenant } from './defineTenant'

export default defineTenant({
  id: 'demo',
  name: 'Demo',
  hosts: ['demo.matkaportaali.fi', 'demo.passengerportal.co.uk', 'demo.passengerportal.us'],
  theme: {
    colors: { primary: '#374151', accent: '#f59e0b' },
  },
  features: { transportationPermissions: true },
})
