// A bounded queue for expensive work (password hashing): at most `concurrency` tasks run at once
// and at most `perSourceRunning` of them for one source (client address), so another source
// finds a free slot; a short wait list takes turns between sources, serving first the source
// with the fewest tasks running, so one source's flood never starves another's request; anything
// beyond the list is refused at once.

export class QueueFullError extends Error {
  constructor() {
    super('queue full')
  }
}

interface Job {
  start(): void
  reject(error: Error): void
}

export interface FairQueueOptions {
  /** Tasks running at once. */
  concurrency: number
  /** Tasks running at once for one source. */
  perSourceRunning: number
  /** Tasks waiting, over all sources. */
  capacity: number
  /** Tasks waiting from one source. */
  perSource: number
}

export class FairQueue {
  readonly #options: FairQueueOptions
  #running = 0
  #waitingCount = 0
  // Insertion order is the rotation: the source served last goes to the back.
  readonly #waiting = new Map<string | symbol, Job[]>()
  readonly #runningBySource = new Map<string | symbol, number>()

  constructor(options: FairQueueOptions) {
    this.#options = options
  }

  get running(): number {
    return this.#running
  }

  get waiting(): number {
    return this.#waitingCount
  }

  /**
   * Runs `task` now or after its turn; rejects with QueueFullError when the source already has
   * its share waiting, or the list is full of other sources' single requests. A call without a
   * source is a source of its own.
   */
  run<T>(source: string | undefined, task: () => Promise<T>): Promise<T> {
    const key = source ?? Symbol('anonymous')
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        start: () => {
          this.#running++
          this.#runningBySource.set(key, (this.#runningBySource.get(key) ?? 0) + 1)
          task()
            .then(resolve, reject)
            .finally(() => {
              this.#running--
              const left = (this.#runningBySource.get(key) ?? 1) - 1
              if (left === 0) this.#runningBySource.delete(key)
              else this.#runningBySource.set(key, left)
              this.#next()
            })
        },
        reject,
      }
      if (this.#running < this.#options.concurrency && this.#mayRun(key) && !this.#waiting.has(key)) {
        job.start()
        return
      }
      if (!this.#admit(key)) {
        reject(new QueueFullError())
        return
      }
      const jobs = this.#waiting.get(key) ?? []
      this.#waiting.set(key, jobs)
      jobs.push(job)
      this.#waitingCount++
    })
  }

  #admit(key: string | symbol): boolean {
    const own = this.#waiting.get(key)?.length ?? 0
    if (own >= this.#options.perSource) return false
    if (this.#waitingCount < this.#options.capacity) return true
    // Full: make room by refusing the newest job of the source with the most waiting, if it has
    // more waiting than this source would.
    let largest: [string | symbol, Job[]] | undefined
    for (const entry of this.#waiting) if (!largest || entry[1].length > largest[1].length) largest = entry
    if (!largest || largest[1].length <= own + 1) return false
    largest[1].pop()?.reject(new QueueFullError())
    this.#waitingCount--
    return true
  }

  #next(): void {
    while (this.#running < this.#options.concurrency) {
      const chosen = this.#nextSource()
      if (!chosen) return
      const [key, jobs] = chosen
      const job = jobs.shift()
      this.#waiting.delete(key)
      if (jobs.length > 0) this.#waiting.set(key, jobs)
      if (!job) continue
      this.#waitingCount--
      job.start()
    }
  }

  #mayRun(key: string | symbol): boolean {
    return (this.#runningBySource.get(key) ?? 0) < this.#options.perSourceRunning
  }

  /**
   * The waiting source with the fewest tasks running (and below its share), earliest in the
   * rotation among equals.
   */
  #nextSource(): [string | symbol, Job[]] | undefined {
    let chosen: [string | symbol, Job[]] | undefined
    let fewest = Number.POSITIVE_INFINITY
    for (const entry of this.#waiting) {
      const running = this.#runningBySource.get(entry[0]) ?? 0
      if (running < fewest && this.#mayRun(entry[0])) {
        chosen = entry
        fewest = running
      }
    }
    return chosen
  }
}
