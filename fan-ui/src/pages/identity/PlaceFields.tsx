import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { IDENTITY_NS } from '../../i18n';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { municipalitiesQuery, nationsQuery, provincesQuery } from '../../identity/api';
import { identityInputId, ITALY, type IdentityField } from '../../identity/rules';
import { CodeAutocomplete, type CodeOption } from './CodeAutocomplete';

/** The province the foreign-born are given: not one to choose. */
const FOREIGN_PROVINCE = 'EE';

interface PlaceFieldsProps {
  /** Where the fan was born, or where they live. */
  kind: 'birth' | 'residence';
  values: Record<IdentityField, string>;
  errorOf: (field: IdentityField) => string | undefined;
  change: (field: IdentityField, value: string) => void;
}

/**
 * A place: its country, and in Italy its province and then one of the province's municipalities
 * (read when the province is chosen, cleared when it changes). Abroad, neither is asked for (the
 * foreign-born rule: the API gives them the province `EE`).
 */
export function PlaceFields({ kind, values, errorOf, change }: PlaceFieldsProps) {
  const { t } = useTranslation(IDENTITY_NS);
  const language = useUiLanguage();
  const countryField = `${kind}_country` as const;
  const provinceField = `${kind}_province` as const;
  const municipalityField = `${kind}_municipality` as const;
  const country = values[countryField];
  const province = values[provinceField];
  const inItaly = country === ITALY;

  const nations = useQuery(nationsQuery);
  const provinces = useQuery({ ...provincesQuery, enabled: inItaly });
  const municipalities = useQuery({ ...municipalitiesQuery(province), enabled: inItaly && province !== '' });

  // In the fan's language, Italy first: most fans are born and live there.
  const nationOptions = useMemo<CodeOption[]>(() => {
    const options = (nations.data ?? []).map((nation) => ({
      code: nation.code,
      label: language === 'en' ? nation.name_en || nation.name_it : nation.name_it,
    }));
    options.sort((a, b) => Number(b.code === ITALY) - Number(a.code === ITALY) || a.label.localeCompare(b.label, language));
    return options;
  }, [nations.data, language]);
  const provinceOptions = useMemo<CodeOption[]>(
    () =>
      (provinces.data ?? [])
        .filter((item) => item.code !== FOREIGN_PROVINCE)
        .map((item) => ({ code: item.code, label: `${item.name} (${item.code})` })),
    [provinces.data],
  );
  const municipalityOptions = useMemo<CodeOption[]>(
    () => (municipalities.data ?? []).map((item) => ({ code: item.istat_code, label: item.name })),
    [municipalities.data],
  );

  return (
    <>
      <CodeAutocomplete
        id={identityInputId(countryField)}
        name={countryField}
        label={t(`form.${countryField}`)}
        options={nationOptions}
        value={country}
        onChange={(code) => change(countryField, code)}
        error={errorOf(countryField)}
        loading={nations.isPending}
        failed={nations.isError}
      />
      {inItaly && (
        <CodeAutocomplete
          id={identityInputId(provinceField)}
          name={provinceField}
          label={t(`form.${provinceField}`)}
          options={provinceOptions}
          value={province}
          onChange={(code) => {
            if (code !== province) {
              change(provinceField, code);
              // Another province's municipality would not be in it.
              change(municipalityField, '');
            }
          }}
          error={errorOf(provinceField)}
          loading={provinces.isPending}
          failed={provinces.isError}
        />
      )}
      {inItaly && (
        <CodeAutocomplete
          // A new list for each province: what was typed for the last one goes with it.
          key={province}
          id={identityInputId(municipalityField)}
          name={municipalityField}
          label={t(`form.${municipalityField}`)}
          options={municipalityOptions}
          value={values[municipalityField]}
          onChange={(code) => change(municipalityField, code)}
          error={errorOf(municipalityField)}
          hint={province === '' ? t('form.provinceFirst') : undefined}
          loading={province !== '' && municipalities.isPending}
          failed={municipalities.isError}
          disabled={province === ''}
        />
      )}
    </>
  );
}
