import { useEffect } from 'react';
import { navigate, Spinner } from '@meridian/shared';

/** Shown while the app starts from a launcher; hands over to home as soon as the shell is up. */
export function SplashPage() {
  useEffect(() => {
    const timer = setTimeout(() => navigate('/pages/home/index'), 600);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div style={{ minHeight: '80vh', display: 'grid', placeItems: 'center' }}>
      <div style={{ textAlign: 'center' }}>
        <div style={{ fontSize: 28, fontWeight: 800 }}>Meridian</div>
        <Spinner />
      </div>
    </div>
  );
}
