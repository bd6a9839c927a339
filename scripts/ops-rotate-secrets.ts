// `npm run ops:rotate-secrets` — seals again, under the first secrets key (SECRETS_KEY, else
// SECRETS_KEY_FILE / DATA_DIR/secrets.key), every operator TOTP secret that is plain text or
// under another key, against the same DATA_DIR / DATABASE_URL as the server (it may be running;
// each server start does the same). Exits 1 while any secret opens with none of the keys.
import { loadConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/database.ts'
import { keepNewFilesPrivate } from '../server/lib/private-files.ts'
import { loadKeyring, sealTotpSecrets } from '../server/ops/secret-keys.ts'
import { cliArgs } from './cli-args.ts'

cliArgs({}, 'usage: npm run ops:rotate-secrets')

keepNewFilesPrivate()
const config = loadConfig()
const db = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
try {
  const keyring = loadKeyring({ ...config.secrets, dataDir: config.dataDir })
  const { sealed, unreadable } = await sealTotpSecrets(db.kysely, () => keyring)
  console.log(`sealed under key ${keyring.currentId}: ${sealed} TOTP secret(s)`)
  if (unreadable.length > 0) {
    console.error(`no listed key opens the TOTP secret of operator(s) ${unreadable.join(', ')}`)
    process.exitCode = 1
  }
} finally {
  await db.close()
}
