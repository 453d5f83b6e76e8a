declare const __MERIDIAN_BUILD_LABEL__: string | undefined;

/**
 * The label this build was made with (MERIDIAN_BUILD_LABEL, tooling/federation.cjs), shown only when there is
 * one: two builds of this remote deployed side by side tell apart on screen (e2e/tests/24-mixed-versions).
 */
export function BuildLabel() {
  const label = typeof __MERIDIAN_BUILD_LABEL__ === 'string' ? __MERIDIAN_BUILD_LABEL__ : '';
  return label ? <p data-testid="build-label">{label}</p> : null;
}
