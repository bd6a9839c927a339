// The baseline `npm run lighthouse` prints next to the app: a bare React 19 app as Vite's React
// template starts (StrictMode, createRoot, one component with state, one stylesheet), built
// with the same Vite and React plugin and served compressed the same way.
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import './style.css'

function App() {
  const [count, setCount] = useState(0)
  return (
    <main>
      <h1>Vite + React</h1>
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        count is {count}
      </button>
      <p>
        Edit <code>main.tsx</code> and save to test HMR.
      </p>
    </main>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
