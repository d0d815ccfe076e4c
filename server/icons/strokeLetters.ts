/**
 * Capital letters drawn as strokes with round ends, for the tenant's icon: the same lines make its SVG and its
 * PNGs, so the installed icon looks like the tab's, and neither needs a font (the server has none to render
 * with, and an SVG's text falls back to whatever the device has).
 *
 * Units: the cap height is 10, y grows downwards, diacritics reach above 0.
 */

export type Point = readonly [number, number]
export type Stroke = readonly Point[]

export interface Letter {
  width: number
  strokes: readonly Stroke[]
}

/** Stroke width in the letters' units. */
export const letterStroke = 1.6

/** Points along an ellipse from angle `from` to `to` (degrees, 0 to the right, clockwise as y grows down). */
function arc(cx: number, cy: number, rx: number, ry: number, from: number, to: number): Point[] {
  const steps = Math.max(2, Math.ceil(Math.abs(to - from) / 10))
  return Array.from({ length: steps + 1 }, (_, step) => {
    const angle = ((from + ((to - from) * step) / steps) * Math.PI) / 180
    return [cx + rx * Math.cos(angle), cy + ry * Math.sin(angle)] as const
  })
}

// A dot is a stroke of no length: its round ends make the circle.
const dot = (x: number, y: number): Stroke => [
  [x, y],
  [x, y],
]
const ring: Stroke = arc(4, -2.8, 1.5, 1.5, 0, 360)
const a: Letter = {
  width: 8,
  strokes: [
    [
      [0, 10],
      [4, 0],
      [8, 10],
    ],
    [
      [1.5, 6.5],
      [6.5, 6.5],
    ],
  ],
}
const o: Letter = { width: 9, strokes: [arc(4.5, 5, 4.5, 5, 0, 360)] }
const p: Letter = {
  width: 6.3,
  strokes: [[[0, 10], [0, 0], [3.5, 0], ...arc(3.5, 2.75, 2.75, 2.75, -90, 90), [0, 5.5]]],
}

const letters: Record<string, Letter> = {
  A: a,
  B: {
    width: 6.5,
    strokes: [
      [[0, 10], [0, 0], [3.5, 0], ...arc(3.5, 2.5, 2.5, 2.5, -90, 90), [0, 5]],
      [[3.5, 5], [4, 5], ...arc(4, 7.5, 2.5, 2.5, -90, 90), [0, 10]],
    ],
  },
  C: { width: 8.5, strokes: [arc(4.5, 5, 4.5, 5, -40, -320)] },
  D: { width: 7, strokes: [[[0, 0], [0, 10], [2, 10], ...arc(2, 5, 5, 5, 90, -90), [0, 0]]] },
  E: {
    width: 6,
    strokes: [
      [
        [6, 0],
        [0, 0],
        [0, 10],
        [6, 10],
      ],
      [
        [0, 5],
        [5, 5],
      ],
    ],
  },
  F: {
    width: 6,
    strokes: [
      [
        [6, 0],
        [0, 0],
        [0, 10],
      ],
      [
        [0, 5],
        [5, 5],
      ],
    ],
  },
  G: { width: 9, strokes: [[...arc(4.5, 5, 4.5, 5, -40, -360), [5, 5]]] },
  H: {
    width: 7,
    strokes: [
      [
        [0, 0],
        [0, 10],
      ],
      [
        [7, 0],
        [7, 10],
      ],
      [
        [0, 5],
        [7, 5],
      ],
    ],
  },
  I: {
    width: 0,
    strokes: [
      [
        [0, 0],
        [0, 10],
      ],
    ],
  },
  J: { width: 5, strokes: [[[5, 0], ...arc(2.5, 7.5, 2.5, 2.5, 0, 180)]] },
  K: {
    width: 7,
    strokes: [
      [
        [0, 0],
        [0, 10],
      ],
      [
        [6.5, 0],
        [0, 6],
      ],
      [
        [2.2, 4],
        [7, 10],
      ],
    ],
  },
  L: {
    width: 6,
    strokes: [
      [
        [0, 0],
        [0, 10],
        [6, 10],
      ],
    ],
  },
  M: {
    width: 9,
    strokes: [
      [
        [0, 10],
        [0, 0],
        [4.5, 7],
        [9, 0],
        [9, 10],
      ],
    ],
  },
  N: {
    width: 7,
    strokes: [
      [
        [0, 10],
        [0, 0],
        [7, 10],
        [7, 0],
      ],
    ],
  },
  O: o,
  P: p,
  Q: {
    width: 9,
    strokes: [
      ...o.strokes,
      [
        [5.5, 7],
        [9, 10.5],
      ],
    ],
  },
  R: {
    width: 6.5,
    strokes: [
      ...p.strokes,
      [
        [3.5, 5.5],
        [6.5, 10],
      ],
    ],
  },
  S: {
    width: 7,
    strokes: [[...arc(3.5, 2.5, 3.5, 2.5, -10, -270), ...arc(3.5, 7.5, 3.5, 2.5, -90, 170)]],
  },
  T: {
    width: 8,
    strokes: [
      [
        [0, 0],
        [8, 0],
      ],
      [
        [4, 0],
        [4, 10],
      ],
    ],
  },
  U: { width: 7, strokes: [[[0, 0], ...arc(3.5, 6.5, 3.5, 3.5, 180, 0), [7, 0]]] },
  V: {
    width: 8,
    strokes: [
      [
        [0, 0],
        [4, 10],
        [8, 0],
      ],
    ],
  },
  W: {
    width: 11,
    strokes: [
      [
        [0, 0],
        [2.75, 10],
        [5.5, 2],
        [8.25, 10],
        [11, 0],
      ],
    ],
  },
  X: {
    width: 7,
    strokes: [
      [
        [0, 0],
        [7, 10],
      ],
      [
        [7, 0],
        [0, 10],
      ],
    ],
  },
  Y: {
    width: 8,
    strokes: [
      [
        [0, 0],
        [4, 5],
        [8, 0],
      ],
      [
        [4, 5],
        [4, 10],
      ],
    ],
  },
  Z: {
    width: 7,
    strokes: [
      [
        [0, 0],
        [7, 0],
        [0, 10],
        [7, 10],
      ],
    ],
  },
  Å: { width: 8, strokes: [...a.strokes, ring] },
  Ä: { width: 8, strokes: [...a.strokes, dot(2.2, -2.6), dot(5.8, -2.6)] },
  Ö: { width: 9, strokes: [...o.strokes, dot(2.8, -2.6), dot(6.2, -2.6)] },
}

/** The drawing of a capital, or undefined for one the set lacks (the icon then shows its colour alone). */
export function strokeLetter(char: string): Letter | undefined {
  return letters[char]
}
