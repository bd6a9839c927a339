// The wheel's labels read upright wherever the disc comes to rest: at rest before any spin and
// after a spin has turned the disc to any prize.

import { describe, expect, it } from 'vitest'
import { labelTransform } from './WheelDialog.tsx'

/** The label's angle on screen: the disc's rotation plus every rotate() of its transform. */
function screenAngle(transform: string, rotation: number): number {
  const turns = [...transform.matchAll(/rotate\((-?[\d.]+)/g)].map((match) => Number(match[1]))
  return turns.reduce((sum, turn) => sum + turn, rotation)
}

describe('labelTransform', () => {
  it('keeps every label upright (its angle on screen within a quarter turn of upright) at any rest', () => {
    // Slice middles of the published wheel (80 %, 15 %, 5 %) and of evenly spread slices.
    const centres = [144, 315, 351, ...Array.from({ length: 36 }, (_, i) => i * 10 + 5)]
    // Where the disc rests after a spin to each slice: 5 turns plus the way to the slice, from earlier rests.
    const rests = [0, ...centres.map((centre) => 5 * 360 + (360 - centre)), ...centres.map((c) => 10 * 360 - c)]
    for (const rotation of rests)
      for (const centre of centres) {
        const angle = (((screenAngle(labelTransform(centre, rotation), rotation) % 360) + 360) % 360) as number
        const fromUpright = Math.min(angle, 360 - angle)
        expect(fromUpright, `label at ${centre}° with the disc turned ${rotation}°`).toBeLessThanOrEqual(90)
      }
  })
})
