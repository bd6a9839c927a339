// The worker thread that scores new passwords with zxcvbn (password-score.ts starts it): its
// matching takes up to hundreds of milliseconds for some 24-character passwords, which on the
// main thread would stall every player's request for as long.
import { parentPort } from 'node:worker_threads'
import { passwordScore } from './password-policy.ts'

parentPort?.on('message', (job: { id: number; password: string; userInputs: string[] }) => {
  parentPort?.postMessage({ id: job.id, score: passwordScore(job.password, job.userInputs) })
})
