/**
 * The letter an avatar without a picture shows: the first letter or digit of the nickname (any script), else of the
 * uid, else "?". Punctuation and symbols are skipped: a nickname "<Ana>" shows "A", not "<".
 */
export function avatarInitial(nickname: string | undefined, uid: string | undefined): string {
  for (const source of [nickname, uid]) {
    const match = source?.match(/[\p{L}\p{N}]/u);
    if (match) return match[0].toLocaleUpperCase();
  }
  return '?';
}
