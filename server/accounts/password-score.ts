// Scores a new password off the event loop: one worker thread (password-score-worker.ts), started
// at first need and not keeping the process alive, with a bounded queue — a flood of binds is
// refused `busy` (429) instead of piling up. A worker that dies fails what it had and is started
// again at the next need.
import { Worker } from 'node:worker_threads'
import { Refusal } from '../refusal.ts'
import { PASSWORD_MIN_SCORE } from './password-policy.ts'

/** Scores waiting or running at once; binds are rate-limited per minute, so this is a flood's bound. */
const MAX_PENDING = 32

let worker: Worker | undefined
let nextId = 0
const pending = new Map<number, { resolve: (score: number) => void; reject: (error: Error) => void }>()

function failAll(error: Error) {
  for (const job of pending.values()) job.reject(error)
  pending.clear()
  worker = undefined
}

function scorer(): Worker {
  if (worker) return worker
  const started = new Worker(new URL('./password-score-worker.ts', import.meta.url))
  started.on('message', ({ id, score }: { id: number; score: number }) => {
    pending.get(id)?.resolve(score)
    pending.delete(id)
    if (pending.size === 0) started.unref()
  })
  started.on('error', failAll)
  started.on('exit', (code) => {
    if (worker === started) failAll(new Error(`password scorer exited with code ${code}`))
  })
  worker = started
  return started
}

/** zxcvbn's score (0–4) of `password`, with the player's own words as guesses, computed off the event loop. */
export function scorePassword(password: string, userInputs: string[]): Promise<number> {
  if (pending.size >= MAX_PENDING) return Promise.reject(new Refusal('busy'))
  const id = ++nextId
  return new Promise<number>((resolve, reject) => {
    pending.set(id, { resolve, reject })
    const thread = scorer()
    // Held open while it has work; an idle scorer never keeps the process alive.
    thread.ref()
    thread.postMessage({ id, password, userInputs })
  })
}

/** True when a new password scores below PASSWORD_MIN_SCORE. */
export async function isGuessablePassword(password: string, userInputs: string[]): Promise<boolean> {
  return (await scorePassword(password, userInputs)) < PASSWORD_MIN_SCORE
}
