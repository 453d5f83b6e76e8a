// Stands in for axios/lib/adapters/fetch.js in the browser builds (tooling/federation.cjs). axios picks the
// first adapter the environment supports from ['xhr', 'http', 'fetch'], and every browser has XMLHttpRequest, so
// the fetch adapter is never chosen there; it is ~7 KB of minified code (with its stream, multipart and data-URL
// helpers) that every page downloaded and ran at start. axios's own package.json maps its http adapter to
// lib/helpers/null.js for browsers in the same way. Asking for `adapter: 'fetch'` explicitly now fails with
// axios's "adapter fetch is not supported by the environment" error instead of silently working.
export const getFetch = () => false;

export default false;
