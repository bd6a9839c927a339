// `/login`: log in with a bound name and password on this device.
import { useLocation } from 'wouter'
import { BindDialog } from '../../lib/BindDialog.tsx'

export default function LoginPage() {
  const [, navigate] = useLocation()
  return <BindDialog initialMode={3} boundName={null} onClose={() => navigate('/mine')} />
}
