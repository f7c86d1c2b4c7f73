import { TopToolbar, useTranslate } from 'react-admin';
import { ExportButton } from './ExportButton';
import type { ExportKind } from './types';

/**
 * "Export to Excel" for a kind that exports every row whatever the list's filters: its hint,
 * `resources.exports.hints.{kind}`, says so on hover. For a list toolbar with other actions too.
 */
export function ExportAllButton({ kind }: { kind: ExportKind }) {
  const translate = useTranslate();
  return <ExportButton kind={kind} hint={translate(`resources.exports.hints.${kind}`)} />;
}

/** A list's toolbar with its "Export to Excel" button alone, for a kind that exports every row. */
export function ExportListActions({ kind }: { kind: ExportKind }) {
  return (
    <TopToolbar>
      <ExportAllButton kind={kind} />
    </TopToolbar>
  );
}
