/** A release number major.minor.patch (each part a non-negative integer without a sign). */
export const VERSION_PATTERN = '^(0|[1-9]\\d{0,8})\\.(0|[1-9]\\d{0,8})\\.(0|[1-9]\\d{0,8})$';
const VERSION = new RegExp(VERSION_PATTERN);

export function isVersion(value: string): boolean {
  return VERSION.test(value);
}

/** Compares two major.minor.patch numbers part by part, numerically (1.10.0 > 1.9.0): -1, 0 or 1. */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const left = parts(a);
  const right = parts(b);
  for (let i = 0; i < 3; i += 1) {
    if (left[i]! < right[i]!) return -1;
    if (left[i]! > right[i]!) return 1;
  }
  return 0;
}

function parts(version: string): [number, number, number] {
  const match = VERSION.exec(version);
  if (!match) throw new Error(`not a major.minor.patch version: "${version}"`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}
