import { useState } from 'react';
import { coinIconUrl } from './coin-icon-path';
import styles from './coin-icon.module.css';

export interface CoinIconProps {
  /** The coin's ticker ("BTC"); its first letter is the fallback. */
  coin: string;
  /** Side in CSS pixels (set on the element, so the row never moves while the file loads). */
  size?: number;
  /** False for instruments no coin icon exists for (stocks, forex pairs, indices): the letter at once, no request. */
  icon?: boolean;
  className?: string;
}

/** A hue of its own per coin for the lettered circle, so neighbouring fallbacks tell apart. */
function hueOf(coin: string): number {
  let hash = 0;
  for (const char of coin) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

/**
 * A coin's icon beside its symbol: the static SVG of cryptocurrency-icons (served from /coins/<version>/, never
 * bundled), with width and height set so nothing shifts while it loads. The symbol is written beside it, so the
 * image is decorative (alt=""). A coin the package lacks, or a file that fails, shows the coin's first letter in a
 * circle of the same size.
 */
export function CoinIcon({ coin, size = 20, icon = true, className }: CoinIconProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = icon ? coinIconUrl(coin) : null;
  const box = { width: size, height: size };
  if (!url || failed === coin) {
    const letter = coin.trim().charAt(0).toUpperCase() || '?';
    return (
      <span
        className={`${styles.fallback} ${className ?? ''}`}
        style={{ ...box, fontSize: Math.round(size * 0.55), backgroundColor: `hsl(${hueOf(coin)} 45% 45%)` }}
        aria-hidden="true"
        data-testid="coin-icon-fallback"
      >
        {letter}
      </span>
    );
  }
  return (
    <img
      className={`${styles.icon} ${className ?? ''}`}
      src={url}
      {...box}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(coin)}
      data-testid="coin-icon"
    />
  );
}
