import { defineTenant } from './defineTenant'

export default defineTenant({
  id: 'black',
  name: 'Black',
  hosts: ['black.matkaportaali.fi'],
  theme: {
    dark: true,
    colors: {
      primary: '#0d0d0d',
      onPrimary: '#ffffff',
      background: '#1b1b1b',
      surface: '#262626',
      text: '#f2f2f2',
      muted: '#c4c4c4',
      link: '#ffd400',
      accent: '#ffd400',
      onAccent: '#111111',
    },
  },
  features: { booking: false, infoList: false },
})
