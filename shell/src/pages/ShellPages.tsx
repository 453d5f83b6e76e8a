import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Protected } from '@meridian/shared';
import { CustomerServicePage, WebsiteCompanyPage } from './customer-service/CustomerServicePage';
import { HomePage } from './home/HomePage';
import { MobileOnlyNoticePage } from './mobile-only-notice/MobileOnlyNoticePage';
import { NotFoundPage } from './not-found/NotFoundPage';
import { SplashPage } from './splash/SplashPage';

/** The pages the shell itself owns; any address no remote claims lands here too (and gets "not found"). */
export function ShellPages() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/pages/home" element={<HomePage />} />
        <Route path="/pages/home/index" element={<HomePage />} />
        {/* customer service is for logged-in users only (spec §6); a visitor goes to login and comes back */}
        <Route
          path="/pages/home/components/customer-service"
          element={
            <Protected>
              <CustomerServicePage />
            </Protected>
          }
        />
        <Route
          path="/pages/home/components/customer-service-mobile"
          element={
            <Protected>
              <CustomerServicePage />
            </Protected>
          }
        />
        <Route path="/pages/home/components/website-company" element={<WebsiteCompanyPage />} />
        <Route path="/splash" element={<SplashPage />} />
        <Route path="/pages/mobile-only-notice" element={<MobileOnlyNoticePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </BrowserRouter>
  );
}
