/**
 * The shell's parts only a signed-in user sees (or a remembered one offline), in one chunk: an anonymous visit
 * does not load them, nor the local data hooks they read.
 */
export { AccountMenu } from './AccountMenu'
export { BottomNav } from './BottomNav'
export { LogoutConfirm } from './LogoutConfirm'
export { PushRefresh } from './PushRefresh'
export { SyncStatus } from './SyncStatus'
