// The QR code of a PIX code, drawn as one SVG path. Loaded as its own chunk: qrcode-generator
// is only needed once a PIX sheet opens.
import qrcode from 'qrcode-generator'
import { useMemo } from 'react'

export default function QrCode({ value, label }: { value: string; label: string }) {
  const { size, path } = useMemo(() => {
    const qr = qrcode(0, 'M')
    qr.addData(value)
    qr.make()
    const count = qr.getModuleCount()
    let d = ''
    for (let row = 0; row < count; row++) {
      for (let col = 0; col < count; col++) if (qr.isDark(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`
    }
    return { size: count + 8, path: d }
  }, [value])
  return (
    <svg
      className="qr"
      data-testid="pix-qr"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
