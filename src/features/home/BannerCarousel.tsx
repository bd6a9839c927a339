// The banner carousel: embla with autoplay every 4 s (paused while touched; none, and jumps
// instead of glides, for a player who asked the system for reduced motion), dots to jump. The
// banners paint as plain markup with the first one showing; embla (~7 KB gzip) loads after that
// first paint and takes over the same elements, so it costs the first route nothing. The invite
// banner is left out where the market's rules forbid invites (the rewards summary says so).
import { useLingui } from '@lingui/react/macro'
import type { EmblaCarouselType } from 'embla-carousel'
import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { forbiddenRule, openRewardDialog, rewardsSummaryAtom } from '../../lib/rewards.ts'
import { useAtomValue } from '../../lib/store.ts'
import { banners as allBanners, bannerTarget } from './banners.ts'

const AUTOPLAY_MS = 4000

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false

export function BannerCarousel() {
  const { i18n, t } = useLingui()
  const [, navigate] = useLocation()
  const viewport = useRef<HTMLDivElement>(null)
  const [embla, setEmbla] = useState<EmblaCarouselType>()
  const [selected, setSelected] = useState(0)
  const invitesForbidden = forbiddenRule(useAtomValue(rewardsSummaryAtom), 'invites') !== null
  const banners = invitesForbidden ? allBanners.filter((banner) => banner.action !== 'invite') : allBanners

  useEffect(() => {
    const node = viewport.current
    if (!node) return
    let api: EmblaCarouselType | undefined
    let unmounted = false
    void Promise.all([import('embla-carousel'), import('embla-carousel-autoplay')]).then(
      ([{ default: EmblaCarousel }, { default: Autoplay }]) => {
        if (unmounted) return
        // Content that moves by itself is what reduced motion asks to stop (WCAG 2.2.2, 2.3.3).
        const plugins = reducedMotion() ? [] : [Autoplay({ delay: AUTOPLAY_MS })]
        const carousel = EmblaCarousel(node, { loop: true }, plugins)
        carousel.on('select', () => setSelected(carousel.selectedScrollSnap()))
        api = carousel
        setEmbla(carousel)
      },
    )
    return () => {
      unmounted = true
      api?.destroy()
    }
  }, [])

  return (
    <section className="banners" aria-label={t`Destaques`} data-testid="banners">
      <div className="banners-viewport" ref={viewport}>
        <div className="banners-track">
          {banners.map((banner) => (
            // The whole card is tappable, but the button is named by its title alone: its name is what
            // the player sees on it, and the sentence below stays plain text.
            <div
              key={banner.id}
              className="banner"
              style={{ background: `linear-gradient(120deg, ${banner.colors[0]}, ${banner.colors[1]})` }}
            >
              <button
                type="button"
                className="banner-action"
                onClick={() =>
                  banner.action === 'task' ? openRewardDialog({ kind: 'sign' }) : navigate(bannerTarget(banner.action))
                }
              >
                {i18n._(banner.title)}
              </button>
              <span>{i18n._(banner.text)}</span>
            </div>
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
            onClick={() => embla?.scrollTo(index, reducedMotion())}
          />
        ))}
      </div>
    </section>
  )
}
