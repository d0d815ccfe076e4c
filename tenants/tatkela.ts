import { defineTenant } from './defineTenant'

export default defineTenant({
  id: 'tatkela',
  name: 'Tätkälä',
  hosts: ['tatkela.matkaportaali.fi'],
  theme: {
    colors: { primary: '#0b6e69', accent: '#ffde59' },
  },
})
