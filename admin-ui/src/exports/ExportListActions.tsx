import { TopToolbar, useTranslate } from 'react-admin';
import { ExportButton } from './ExportButton';
import type { ExportKind } from './types';

/**
 * A list's toolbar with its "Export to Excel" button, for a kind that exports every row whatever
 * the list's filters (its hint, `resources.exports.hints.{kind}`, says so on hover).
 */
export function ExportListActions({ kind }: { kind: ExportKind }) {
  const translate = useTranslate();
  return (
    <TopToolbar>
      <ExportButton kind={kind} hint={translate(`resources.exports.hints.${kind}`)} />
    </TopToolbar>
  );
}
