// Service worker entry: precache the shell, serve navigations from it (offline reopen), cache
// language data at runtime, take over only when the player accepts an update, and show Web Push
// notifications.
import './precache.ts'
import './navigation.ts'
import './runtime.ts'
import './update.ts'
import './web-push.ts'
