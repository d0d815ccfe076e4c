import { defineTenant } from './defineTenant'

export default defineTenant({
  id: 'kulkukeskus',
  name: 'Kulkukeskus',
  hosts: ['kulkukeskus.matkaportaali.fi'],
  theme: {
    colors: { primary: '#2f5d50', accent: '#f2c14e' },
  },
  features: { transportationPermissions: true, keusotePages: true },
  trackingName: 'initials',
})
