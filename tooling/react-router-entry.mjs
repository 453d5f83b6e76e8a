// What the front ends use of react-router, shared under the "react-router-dom" key as the page's one router
// (tooling/federation.cjs). A shared module is never tree-shaken (any remote may use any export), and the full
// react-router 7 entry carries its framework, server and RSC code: ~190 KiB raw for the nine exports below.
// Re-exporting just these lets webpack drop the rest. A new export is added here; shell's
// src/federation/router-entry.test.ts fails when a source imports one that is missing.
export {
  BrowserRouter,
  Link,
  Navigate,
  Route,
  Routes,
  matchPath,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router';
