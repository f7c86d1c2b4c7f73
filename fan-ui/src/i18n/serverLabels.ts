import type { TFunction } from 'i18next';
import i18n, { DEFAULT_LANGUAGE } from '.';

/**
 * Names the API sends in Italian, as the ticketing system and the staff wrote them: fares
 * (reductions), sectors, gates. In Italian they are shown as sent (staff may rename them); in
 * another language the known ones are translated by their code (`serverLabels.*` in the
 * translation files), and anything unknown falls back to the server's text.
 */
function translated(t: TFunction, key: string, serverText: string): string {
  if ((i18n.resolvedLanguage ?? DEFAULT_LANGUAGE) === DEFAULT_LANGUAGE) {
    return serverText;
  }
  return t(key, { defaultValue: serverText });
}

/** A reduction's name by its code: INTERO is "Full price" in English. */
export function fareName(t: TFunction, code: string, serverName: string): string {
  return translated(t, `serverLabels.fares.${code}`, serverName);
}

/** A sector's name by its code: PRATO, "Prato (posti in piedi)", is "Lawn (standing)" in English. */
export function sectorName(t: TFunction, code: string, serverName: string): string {
  return translated(t, `serverLabels.sectors.${code}`, serverName);
}

/** A gate: "Varco 3" is "Gate 3" in English; a gate named otherwise is left as it is. */
export function gateName(t: TFunction, gate: string): string {
  const match = /^Varco\s+(.+)$/i.exec(gate.trim());
  if (match === null || (i18n.resolvedLanguage ?? DEFAULT_LANGUAGE) === DEFAULT_LANGUAGE) {
    return gate;
  }
  return t('serverLabels.gate', { number: match[1] });
}
