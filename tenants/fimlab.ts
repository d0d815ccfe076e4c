import { defineTenant } from './defineTenant'

export default defineTenant({
  id: 'fimlab',
  name: 'Fimlab',
  hosts: ['fimlab.matkaportaali.fi'],
  theme: {
    colors: { primary: '#00609c', accent: '#9be15d' },
  },
  starScale: 4,
})
