import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { CDPSession } from '@playwright/test'

/** A script the page fetched before its first trip showed: its path and when it was asked for and arrived. */
export interface ScriptFetch {
  path: string
  start: number
  end: number
}

/** Runs in the page once the first trip shows: the scripts fetched before that moment, from Resource Timing. */
export function scriptsBefore(moment: number): ScriptFetch[] {
  return performance
    .getEntriesByType('resource')
    .filter((entry) => entry.name.endsWith('.js') && entry.startTime < moment)
    .map((entry) => ({
      path: new URL(entry.name).pathname,
      start: entry.startTime,
      end: (entry as PerformanceResourceTiming).responseEnd,
    }))
}

export interface Initiator {
  type: string
  url?: string
  stack?: { callFrames: { url: string }[]; parent?: Initiator['stack'] }
}

/**
 * Notes, through the DevTools protocol, what made the page ask for each script: the document (its HTML, or a
 * Link header), or the scripts whose code was running when it asked. Call it before the navigation.
 */
export async function watchInitiators(cdp: CDPSession): Promise<Map<string, Initiator>> {
  const initiators = new Map<string, Initiator>()
  cdp.on(
    'Network.requestWillBeSent',
    ({ request, initiator }: { request: { url: string }; initiator: Initiator }) => {
      if (request.url.endsWith('.js')) initiators.set(new URL(request.url).pathname, initiator)
    },
  )
  await cdp.send('Network.enable')
  return initiators
}

const scriptsOnStack = (stack: Initiator['stack']): string[] =>
  stack
    ? [
        ...stack.callFrames
          .filter((frame) => frame.url.endsWith('.js'))
          .map((frame) => new URL(frame.url).pathname),
        ...scriptsOnStack(stack.parent),
      ]
    : []

/**
 * How many rounds of script fetches came one after another: a script the document names is the first round; one
 * asked for while other scripts ran comes a round after the latest of them (it could not be asked for before
 * they had arrived and run).
 */
export function sequentialRounds(
  paths: readonly string[],
  initiators: ReadonlyMap<string, Initiator>,
): number {
  const rounds = new Map<string, number>()
  const roundOf = (path: string, seen: ReadonlySet<string>): number => {
    const known = rounds.get(path)
    if (known !== undefined) return known
    const running = scriptsOnStack(initiators.get(path)?.stack).filter(
      (script) => script !== path && !seen.has(script),
    )
    const round = 1 + Math.max(0, ...running.map((script) => roundOf(script, new Set([...seen, path]))))
    rounds.set(path, round)
    return round
  }
  return Math.max(0, ...paths.map((path) => roundOf(path, new Set())))
}

/** Each script's size as gzip, read from the build it was served from, largest first. */
export async function gzipSizes(
  distDir: string,
  scripts: readonly ScriptFetch[],
): Promise<{ path: string; bytes: number }[]> {
  const sizes = await Promise.all(
    [...new Set(scripts.map((script) => script.path))].map(async (path) => ({
      path,
      bytes: gzipSync(await readFile(join(distDir, path))).length,
    })),
  )
  return sizes.sort((a, b) => b.bytes - a.bytes)
}
