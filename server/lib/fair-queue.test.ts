// The password queue's rules with instant tasks: concurrency, turns between sources, the
// per-source share and a full list making room for a newcomer.
import { describe, expect, it } from 'vitest'
import { FairQueue, QueueFullError } from './fair-queue.ts'

/** A task that finishes when the test says so, recording its start. */
function gate(log: string[], name: string) {
  let open = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return {
    task: async () => {
      log.push(name)
      await opened
      return name
    },
    open: () => open(),
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('FairQueue', () => {
  it('serves first the waiting source with the fewest tasks running', async () => {
    const queue = new FairQueue({ concurrency: 2, perSourceRunning: 2, capacity: 10, perSource: 3 })
    const log: string[] = []
    const a1 = gate(log, 'a1')
    const a2 = gate(log, 'a2')
    const instant = (name: string) => async () => {
      log.push(name)
      return name
    }
    const done = [queue.run('a', a1.task), queue.run('a', a2.task), queue.run('a', instant('a3'))]
    const b = queue.run('b', instant('b1'))
    a1.open()
    await settle()
    // 'a' still had a2 running and 'b' nothing: b went first although 'a' waited longer.
    expect(log).toEqual(['a1', 'a2', 'b1', 'a3'])
    expect(await b).toBe('b1')
    a2.open()
    expect(await Promise.all(done)).toEqual(['a1', 'a2', 'a3'])
  })

  it('keeps a slot free of any one source, so another source starts at once', async () => {
    const queue = new FairQueue({ concurrency: 2, perSourceRunning: 1, capacity: 10, perSource: 3 })
    const log: string[] = []
    const flood = [gate(log, 'a1'), gate(log, 'a2'), gate(log, 'a3')]
    const done = flood.map((g) => queue.run('a', g.task))
    expect(log).toEqual(['a1'])
    const b = queue.run('b', async () => {
      log.push('b1')
      return 'b1'
    })
    expect(log).toEqual(['a1', 'b1'])
    expect(await b).toBe('b1')
    // With b done, 'a' still runs one at a time.
    await settle()
    expect(log).toEqual(['a1', 'b1'])
    for (const g of flood) g.open()
    expect(await Promise.all(done)).toEqual(['a1', 'a2', 'a3'])
  })

  it('runs at most `concurrency` tasks and takes turns between sources', async () => {
    const queue = new FairQueue({ concurrency: 1, perSourceRunning: 1, capacity: 10, perSource: 3 })
    const log: string[] = []
    const gates = ['a1', 'a2', 'a3', 'b1', 'c1'].map((name) => ({ name, ...gate(log, name) }))
    const results = gates.map(({ name, task }) => queue.run(name[0], task))
    expect(log).toEqual(['a1'])
    expect(queue.running).toBe(1)
    for (const expected of [
      ['a1', 'a2'],
      ['a1', 'a2', 'b1'],
      ['a1', 'a2', 'b1', 'c1'],
    ]) {
      gates.find((g) => g.name === log.at(-1))?.open()
      await settle()
      expect(log).toEqual(expected)
    }
    for (const g of gates) g.open()
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'b1', 'c1'])
    expect(log).toEqual(['a1', 'a2', 'b1', 'c1', 'a3'])
  })

  it('refuses a source beyond its share, and makes room for a new source when full', async () => {
    const queue = new FairQueue({ concurrency: 1, perSourceRunning: 1, capacity: 2, perSource: 2 })
    const log: string[] = []
    const running = gate(log, 'x')
    const first = queue.run('flood', running.task)
    const waiting = [queue.run('flood', async () => 'f1'), queue.run('flood', async () => 'f2')]
    await expect(queue.run('flood', async () => 'f3')).rejects.toBeInstanceOf(QueueFullError)
    // The list is full of the flood's requests: the newcomer takes the flood's newest place.
    const newcomer = queue.run('player', async () => 'p')
    await expect(waiting[1]).rejects.toBeInstanceOf(QueueFullError)
    expect(queue.waiting).toBe(2)
    running.open()
    expect(await first).toBe('x')
    expect(await Promise.all([waiting[0], newcomer])).toEqual(['f1', 'p'])
  })

  it('treats calls without a source as separate sources', async () => {
    const queue = new FairQueue({ concurrency: 1, perSourceRunning: 1, capacity: 4, perSource: 1 })
    const log: string[] = []
    const running = gate(log, 'x')
    const all = [
      queue.run(undefined, running.task),
      queue.run(undefined, async () => 1),
      queue.run(undefined, async () => 2),
    ]
    running.open()
    expect(await Promise.all(all)).toEqual(['x', 1, 2])
  })
})
