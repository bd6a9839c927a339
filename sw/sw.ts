// Service worker entry: precache the shell, serve navigations from it (offline reopen), cache
// language data at runtime, and take over only when the player accepts an update.
import './precache.ts'
import './navigation.ts'
import './runtime.ts'
import './update.ts'
