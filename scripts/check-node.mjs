// Fails clearly when npm scripts run on a Node older than 24 (e.g. after `npm install
// --ignore-scripts`, which skips the pinned `node` package's install step). Plain JS so that
// an old Node can run it.
const major = Number(process.versions.node.split('.')[0])
if (major < 24) {
  console.error(
    `Jogo Limpo needs Node.js 24 or newer; this is ${process.versions.node}.\n` +
      'Run `npm install` (without --ignore-scripts) so the pinned node devDependency is installed.',
  )
  process.exit(1)
}
