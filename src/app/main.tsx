// Entry of the PWA: the stylesheet (linked from the HTML, so the boot shell in index.html paints
// styled) and, once that shell is on screen, the app (start.tsx). The app's code is fetched
// meanwhile — the HTML preloads it (vite.config.ts, `preloadApp`) — only its evaluation waits,
// so on a slow phone ~100 ms of script never holds back the first paint.
import './styles.css'

/** After the next frame is painted; a background tab paints nothing, so a time-out stands in. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100)
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback)
        resolve()
      }),
    )
  })
}

void afterPaint().then(() => import('./start.tsx'))
