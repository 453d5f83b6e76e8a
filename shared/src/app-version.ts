/**
 * This web app's version (spec: "App version is 1.0.0"). The shell reports it to app-version/get-version;
 * remotes read it here (About us) — shared is a federation singleton, so they see the running shell's value.
 */
export const APP_VERSION = '1.0.0';
