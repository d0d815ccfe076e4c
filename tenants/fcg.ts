import { defineTenant } from './defineTenant'

export default defineTenant({
  id: 'fcg',
  name: 'FCG',
  hosts: ['fcg.matkaportaali.fi'],
  theme: {
    colors: { primary: '#003a5d', accent: '#7fd1ff' },
  },
  starScale: 4,
})
