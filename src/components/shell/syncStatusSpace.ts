/**
 * The sync status's height (one line of small text with its padding), reserved by the shell while the status's
 * code loads, so that the screen below does not move when it arrives.
 */
export const syncStatusSpace = 'min-h-7'
