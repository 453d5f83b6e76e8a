import { useT } from '../i18n';
import styles from './stock.module.css';

interface Bar {
  openTime: number;
  close: string;
  high: string;
  low: string;
}

/**
 * The sessions-only chart: the recorded bars the server answers (no bar for a night, weekend or holiday) drawn
 * one after another at equal steps, so closed time takes no room and no flat line crosses it. A plain SVG line of
 * the closes over the range of the lows and highs; the numbers are for drawing only (no money is computed here).
 */
export function StockChart({ bars, label }: { bars: readonly Bar[]; label: string }) {
  const { t } = useT();
  if (bars.length < 2) return <p className={styles.muted}>{t('stockChartEmpty')}</p>;
  const lows = bars.map((b) => Number(b.low));
  const highs = bars.map((b) => Number(b.high));
  const min = Math.min(...lows);
  const max = Math.max(...highs);
  const span = max - min || 1;
  const width = 600;
  const height = 180;
  const step = width / (bars.length - 1);
  const points = bars.map((b, i) => `${(i * step).toFixed(1)},${(height - ((Number(b.close) - min) / span) * (height - 10) - 5).toFixed(1)}`).join(' ');
  const up = Number(bars[bars.length - 1]!.close) >= Number(bars[0]!.close);
  return (
    <svg className={styles.chart} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" role="img" aria-label={label} data-testid="stock-chart">
      <polyline points={points} fill="none" stroke={up ? 'var(--mer-up)' : 'var(--mer-down)'} strokeWidth="2" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
