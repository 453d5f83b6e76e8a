import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '@meridian/shared';
import { forgetMarketWidget, loadMarketWidget } from './market-widget';
import styles from './home.module.css';

/** Keeps a widget that fails to load or to render inside its card: home itself never breaks. */
class WidgetBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('[meridian] the market overview (mf_trading/market-widget) is unavailable', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * mf_trading's live market overview, loaded through federation, with its own loading and fallback card, in a box
 * of the widget's size (home.module.css .slot), so the entries below stay put while it loads.
 */
export function MarketWidgetSlot() {
  const { t } = useTranslation('shell');
  // React.lazy keeps a failed load for good: each attempt is a new lazy component (and a fresh boundary)
  const [attempt, setAttempt] = useState(() => ({ n: 0, Widget: lazy(loadMarketWidget) }));
  const retry = () => {
    forgetMarketWidget();
    setAttempt((previous) => ({ n: previous.n + 1, Widget: lazy(loadMarketWidget) }));
  };
  const { Widget } = attempt;

  return (
    <div className={styles.slot}>
      <WidgetBoundary
        key={attempt.n}
        fallback={
          <div className={styles.card} role="alert" data-testid="market-widget-fallback">
            <p className={styles.unavailable}>{t('marketWidgetUnavailable')}</p>
            <Button variant="secondary" onClick={retry}>
              {t('common:retry')}
            </Button>
          </div>
        }
      >
        <Suspense
          fallback={
            <div className={styles.card}>
              <Spinner label={t('marketWidgetLoading')} />
            </div>
          }
        >
          <Widget />
        </Suspense>
      </WidgetBoundary>
    </div>
  );
}
