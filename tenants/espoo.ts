import { defineTenant } from './defineTenant'

export default defineTenant({
  id: 'espoo',
  name: 'Espoon asiointiliikenne',
  hosts: ['espoo.matkaportaali.fi'],
  theme: {
    colors: { primary: '#00587c', accent: '#f9b000' },
  },
})
