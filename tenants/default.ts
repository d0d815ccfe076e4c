import { defineTenant } from './defineTenant'

export default defineTenant({
  id: 'default',
  name: 'Matkaportaali',
  hosts: ['matkaportaali.fi', 'www.matkaportaali.fi'],
  theme: {
    colors: { primary: '#1d4f91', accent: '#ffd24d' },
  },
  features: { booking: false, heroImage: true },
})
