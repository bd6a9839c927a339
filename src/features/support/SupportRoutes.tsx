// The support screens as one lazily loaded part (one chunk for /service, /servicePage, /notice
// and /feedback keeps the first route's code small): picks the screen by path.
import { useLocation } from 'wouter'
import ChatPage from './ChatPage.tsx'
import FeedbackPage from './FeedbackPage.tsx'
import NoticesPage from './NoticesPage.tsx'
import SupportPage from './SupportPage.tsx'

export default function SupportRoutes() {
  const [path] = useLocation()
  if (path === '/servicePage') return <ChatPage />
  if (path === '/notice') return <NoticesPage />
  if (path === '/feedback') return <FeedbackPage />
  return <SupportPage />
}
