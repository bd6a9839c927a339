// Small inline SVG icons for navigation and header buttons (no icon font to download).
const paths: Record<string, string> = {
  home: 'M3 11l9-8 9 8v10a1 1 0 0 1-1 1h-5v-7H9v7H4a1 1 0 0 1-1-1z',
  gift: 'M4 10h16v11H4zM2 6h20v4H2zM12 6v15M12 6c-2-4-6-4-6-1s6 1 6 1c0 0 6 2 6-1s-4-3-6 1',
  plus: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4v10M7 12h10',
  out: 'M4 12h12M12 6l6 6-6 6M20 4v16',
  user: 'M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm-9 10c0-5 4-8 9-8s9 3 9 8',
  chat: 'M4 4h16v12H8l-4 4z',
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
  soundOn: 'M4 9h4l5-4v14l-5-4H4zM16 8a5 5 0 0 1 0 8M18.5 5.5a9 9 0 0 1 0 13',
  soundOff: 'M4 9h4l5-4v14l-5-4H4zM17 9l5 6M22 9l-5 6',
  back: 'M15 5l-7 7 7 7',
}

export function Icon({ name, size = 22 }: { name: string; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={paths[name] ?? ''} />
    </svg>
  )
}
