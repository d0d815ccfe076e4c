import type { Locator } from '@playwright/test'
import { archiveFlavor as flavor } from '../../../src/components/tracking/archiveFlavor'

export interface ColourPixels {
  count: number
  x: number
  y: number
}

/**
 * Counts the pixels of `colour` (each channel within `tolerance`) in a PNG given as base64, and finds their
 * middle in pixels from the top left. Run in the page, which has an image decoder, in any engine (the engine
 * suite passes its source): self-contained, and a plain canvas, which WebKit and Firefox have as Chromium does.
 */
export async function colourPixelsOfPng({
  base64,
  colour,
  tolerance,
}: {
  base64: string
  colour: string
  tolerance: number
}): Promise<ColourPixels> {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
  const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
  const canvas = document.createElement('canvas')
  canvas.width = image.width
  canvas.height = image.height
  const context = canvas.getContext('2d')
  if (!context) throw new Error('No 2D canvas to read the screenshot')
  context.drawImage(image, 0, 0)
  const { data } = context.getImageData(0, 0, image.width, image.height)
  const wanted = [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16))
  let [count, sumX, sumY] = [0, 0, 0]
  for (let index = 0; index < data.length; index += 4) {
    if (wanted.every((value, channel) => Math.abs(data[index + channel]! - value) <= tolerance)) {
      count += 1
      sumX += (index / 4) % image.width
      sumY += Math.floor(index / 4 / image.width)
    }
  }
  return { count, x: sumX / count, y: sumY / count }
}

/**
 * The pixels of a colour (each channel within `tolerance`) on the map's canvas: how many, and their middle in
 * pixels from the top left. Read from a screenshot with the page's buttons (the map's controls, 'Follow the
 * car') masked out, decoded in the page.
 */
export async function pixelsOf(canvas: Locator, colour: string, tolerance: number): Promise<ColourPixels> {
  const png = await canvas.screenshot({ mask: [canvas.page().getByRole('button')] })
  return canvas.page().evaluate(colourPixelsOfPng, { base64: png.toString('base64'), colour, tolerance })
}

/** The colour of a fill drawn at half opacity (the style's buildings) over another. */
function blend(top: string, under: string): string {
  const channel = (colour: string, at: number) => parseInt(colour.slice(at, at + 2), 16)
  return `#${[1, 3, 5]
    .map((at) =>
      Math.round((channel(top, at) + channel(under, at)) / 2)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

/**
 * What the street map of a tile archive draws and neither the portal's basemap nor the trip's overlay does, nor
 * a blend of theirs at an edge: streets' casings and buildings' tint. `least` pixels of one are streets or
 * buildings drawn (a street's casing is a pixel wide); `tolerance` is the rounding in the blend of a fill drawn
 * at half opacity.
 */
export const archivePixels = {
  streets: flavor.minor_casing,
  buildings: blend(flavor.buildings, flavor.earth),
  least: 100,
  tolerance: 2,
} as const
