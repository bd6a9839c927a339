// The sandbox's certificates on disk: made once, and when only the locations' host changes, the
// signing certificate alone is issued again by the same CA (the CA the app trusts stays, so a
// second instance starting on the same folder never leaves the first one's TLS unverifiable).
import { X509Certificate } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { certificateNames, loadOrCreateSandboxPki, pkiFiles } from './pki.ts'

let dir: string | undefined
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

it('issues only the signing certificate again, from the same CA, when the locations move to another host', async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'sandbox-pki-'))
  const first = await loadOrCreateSandboxPki(dir, undefined, 'localhost')
  const moved = await loadOrCreateSandboxPki(dir, undefined, 'pix.example.test')
  expect(moved.ca).toEqual(first.ca)
  expect(moved.server).toEqual(first.server)
  expect(moved.client).toEqual(first.client)
  expect(moved.webhook).toEqual(first.webhook)
  expect(moved.signing.cert).not.toBe(first.signing.cert)
  expect(certificateNames(moved.signing.cert, 'pix.example.test')).toBe(true)
  const ca = new X509Certificate(first.ca.cert)
  expect(new X509Certificate(moved.signing.cert).verify(ca.publicKey)).toBe(true)
  // What was written is what the next start reads.
  expect(readFileSync(path.join(dir, pkiFiles.signingCert), 'utf8')).toBe(moved.signing.cert)
  expect(await loadOrCreateSandboxPki(dir, undefined, 'pix.example.test')).toEqual(moved)
})
