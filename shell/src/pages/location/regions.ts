import { useAtomValue } from 'jotai';
import { identity } from '@meridian/contracts';
import { regionAtom, useApiQuery } from '@meridian/shared';

export interface Region {
  iso2: string;
  name: string;
  code: string;
}

/** The countries and regions the platform serves (the sign-up list), the one chosen, and the one located by IP. */
export function useRegions() {
  const list = useApiQuery(identity.countries, {}, { retry: false });
  const located = useApiQuery(identity.locateCountry, undefined, { retry: false }).data ?? null;
  const chosenIso = useAtomValue(regionAtom);
  const regions: Region[] = Array.isArray(list.data) ? list.data : [];
  const chosen = chosenIso ? (regions.find((r) => r.iso2 === chosenIso) ?? null) : null;
  return { list, regions, chosen, chosenIso, located };
}

/** Where a region opens on a map: OpenStreetMap's search for its name (a link the user follows, nothing embedded). */
export const mapUrlOf = (region: Region) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(region.name)}`;
