// The banner carousel: embla with autoplay every 4 s (paused while touched), dots to jump.
import { useLingui } from '@lingui/react/macro'
import Autoplay from 'embla-carousel-autoplay'
import useEmblaCarousel from 'embla-carousel-react'
import { useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { openRewardDialog } from '../../lib/rewards.ts'
import { banners, bannerTarget } from './banners.ts'

const AUTOPLAY_MS = 4000

export function BannerCarousel() {
  const { i18n, t } = useLingui()
  const [, navigate] = useLocation()
  const [viewport, embla] = useEmblaCarousel({ loop: true }, [Autoplay({ delay: AUTOPLAY_MS })])
  const [selected, setSelected] = useState(0)

  useEffect(() => {
    if (!embla) return
    const onSelect = () => setSelected(embla.selectedScrollSnap())
    embla.on('select', onSelect)
    return () => {
      embla.off('select', onSelect)
    }
  }, [embla])

  return (
    <section className="banners" aria-label={t`Destaques`} data-testid="banners">
      <div className="banners-viewport" ref={viewport}>
        <div className="banners-track">
          {banners.map((banner) => (
            <button
              key={banner.id}
              type="button"
              className="banner"
              aria-label={i18n._(banner.title)}
              style={{ background: `linear-gradient(120deg, ${banner.colors[0]}, ${banner.colors[1]})` }}
              onClick={() =>
                banner.action === 'task' ? openRewardDialog({ kind: 'sign' }) : navigate(bannerTarget(banner.action))
              }
            >
              <strong>{i18n._(banner.title)}</strong>
              <span>{i18n._(banner.text)}</span>
            </button>
          ))}
        </div>
      </div>
      <div className="banner-dots">
        {banners.map((banner, index) => (
          <button
            key={banner.id}
            type="button"
            aria-label={String(index + 1)}
            aria-current={index === selected}
            className={index === selected ? 'dot active' : 'dot'}
            onClick={() => embla?.scrollTo(index)}
          />
        ))}
      </div>
    </section>
  )
}
