/** The page query of every list call: page from 1, size 1–100 (defaults 1 and 20). */
export const pageQuery = withPage({});

/** A querystring schema of the given properties plus page and size. */
export function withPage(properties: Record<string, unknown>, required: string[] = []) {
  return {
    type: 'object',
    properties: {
      ...properties,
      page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
      size: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    },
    required,
  } as const;
}

export interface PageQuery {
  page?: number;
  size?: number;
}

export function pageOf(query: PageQuery): { page: number; size: number; limit: number; offset: number } {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  return { page, size, limit: size, offset: (page - 1) * size };
}
