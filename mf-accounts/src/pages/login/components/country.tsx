import { useId, useState } from 'react';
import { identity } from '@meridian/contracts';
import { useAtomValue } from 'jotai';
import { regionAtom, useApiQuery } from '@meridian/shared';
import { DEFAULT_COUNTRY, type Country } from '../../../api/identity';
import { useT } from '../../../i18n';
import styles from './auth.module.css';

/**
 * The country list and the chosen country for a phone form. Until the server answers, France (33) is the
 * choice (spec §9); the region chosen on /choose-location, else the located country (user/country), becomes the
 * default unless the user chose already.
 * A failed list or location keeps the default: the phone can still be entered. Nothing is asked when disabled.
 */
export function useCountryChoice(enabled = true) {
  // background reads: a failure keeps the default, so they are not retried
  const listed = useApiQuery(identity.countries, {}, { enabled, retry: false }).data;
  const list: Country[] = Array.isArray(listed) && listed.length > 0 ? listed : [DEFAULT_COUNTRY];
  const where = useApiQuery(identity.locateCountry, undefined, { enabled, retry: false }).data;
  const located: Country | null = where && typeof where.iso2 === 'string' ? where : null;
  const region = useAtomValue(regionAtom);
  const [chosenIso, setChosenIso] = useState<string | null>(null);

  const iso = chosenIso ?? region ?? located?.iso2 ?? DEFAULT_COUNTRY.iso2;
  const country =
    list.find((c) => c.iso2 === iso) ?? (located && located.iso2 === iso ? located : null) ?? list.find((c) => c.iso2 === DEFAULT_COUNTRY.iso2) ?? list[0] ?? DEFAULT_COUNTRY;
  const options = list.some((c) => c.iso2 === country.iso2) ? list : [country, ...list];
  return { options, country, choose: setChosenIso };
}

/** A labelled native select of countries with their dialling codes: keyboard, screen reader and phone friendly. */
export function CountrySelect({
  options,
  value,
  onChange,
  disabled,
}: {
  options: Country[];
  value: Country;
  onChange: (iso2: string) => void;
  disabled?: boolean;
}) {
  const { t } = useT();
  const id = useId();
  return (
    <div className={styles.selectField}>
      <label className={styles.selectLabel} htmlFor={id}>
        {t('countryLabel')}
      </label>
      <select id={id} name="country" className={styles.select} value={value.iso2} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {options.map((country) => (
          <option key={country.iso2} value={country.iso2}>
            {`${country.name} (+${country.code})`}
          </option>
        ))}
      </select>
    </div>
  );
}
