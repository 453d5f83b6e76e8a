import Decimal from 'decimal.js';
import { useT } from '../../../../i18n';
import { when } from './figures';
import styles from './ai.module.css';

const WIDTH = 300;
const HEIGHT = 72;
const PAD = 4;

/**
 * The value per share over the historical period as a small SVG line (no chart library): the points are scaled
 * between the lowest and highest value, first to last in time order. Described for screen readers by its first and
 * last value and their times.
 */
export function ValueChart({ points, name }: { points: readonly { at: string; value: string }[]; name: string }) {
  const { t } = useT();
  if (points.length < 2) return <p className={styles.muted}>{t('aiFundChartEmpty')}</p>;
  const values = points.map((p) => new Decimal(p.value));
  const low = Decimal.min(...values);
  const high = Decimal.max(...values);
  const span = high.minus(low);
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const xy = values.map((v, i) => {
    const x = PAD + ((WIDTH - 2 * PAD) * i) / (values.length - 1);
    const y = span.isZero() ? HEIGHT / 2 : PAD + (HEIGHT - 2 * PAD) * (1 - v.minus(low).div(span).toNumber());
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  const up = new Decimal(last.value).gte(first.value);
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={t('aiFundChartLabel', { name, from: first.value, fromAt: when(first.at), to: last.value, toAt: when(last.at) })}
      data-testid="ai-fund-chart"
    >
      <polyline points={xy.join(' ')} fill="none" strokeWidth="2" vectorEffect="non-scaling-stroke" className={up ? styles.lineUp : styles.lineDown} />
    </svg>
  );
}
