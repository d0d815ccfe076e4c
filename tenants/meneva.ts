import { defineTenant } from './defineTenant'

export default defineTenant({
  id: 'meneva',
  name: 'Meneva',
  hosts: ['meneva.matkaportaali.fi'],
  theme: {
    colors: { primary: '#5b2a86', accent: '#ffb3d1' },
  },
  features: { travelCardRegistration: true, registerButton: true, heroImage: true },
})
