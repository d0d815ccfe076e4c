import { defineTenant } from './defineTenant'

export default defineTenant({
  id: 'helpbus',
  name: 'Helpbus',
  hosts: ['helpbus.matkaportaali.fi'],
  theme: {
    colors: { primary: '#b3261e', accent: '#ffd166' },
  },
  features: { booking: false },
})
