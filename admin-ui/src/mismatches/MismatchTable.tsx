import type { ReactNode } from 'react';
import { DataTable } from 'react-admin';
import { MismatchKindField, MismatchOutcomeField, MismatchSideField, MismatchTitleField } from './MismatchFields';
import { ReconcileButton } from './ReconcileButton';
import type { Mismatch } from '../../../api-types';

/**
 * A report's divergences, one per row: what it is (and what that means), the title's seal and
 * id, ours and the ticketing system's side by side, where it stands, and the reconcile button
 * while unresolved; `empty` when there is none. Six columns, so it fits a 1366 px desktop beside the menu.
 */
export function MismatchTable({ empty }: { empty?: ReactNode }) {
  return (
    <DataTable<Mismatch> rowClick={false} bulkActionButtons={false} empty={empty}>
      <DataTable.Col source="kind" disableSort field={MismatchKindField} />
      <DataTable.Col source="seal" label="resources.mismatches.columns.title" disableSort field={MismatchTitleField} />
      <DataTable.Col source="here" disableSort>
        <MismatchSideField source="here" which="here" />
      </DataTable.Col>
      <DataTable.Col source="there" disableSort>
        <MismatchSideField source="there" which="there" />
      </DataTable.Col>
      <DataTable.Col source="resolved_at" label="resources.mismatches.columns.outcome" disableSort field={MismatchOutcomeField} />
      <DataTable.Col label="resources.mismatches.fields.actions" disableSort>
        <ReconcileButton />
      </DataTable.Col>
    </DataTable>
  );
}
