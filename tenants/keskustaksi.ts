import { defineTenant } from './defineTenant'

export default defineTenant({
  id: 'keskustaksi',
  name: 'Keskustaksi',
  hosts: ['keskustaksi.matkaportaali.fi'],
  theme: {
    colors: { primary: '#8a4b00', accent: '#ffe08a' },
  },
})
