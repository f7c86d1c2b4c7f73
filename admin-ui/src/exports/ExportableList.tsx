import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ReactElement, ReactNode } from 'react';
import { List, ResourceContextProvider } from 'react-admin';
import { ExportListActions } from './ExportListActions';
import type { ExportKind } from './types';

interface ExportableListProps {
  /** The react-admin resource listed (its `/api/admin/{resource}`). */
  resource: string;
  /** The export its toolbar's button creates: every row, whatever the filters. */
  kind: ExportKind;
  filters: ReactElement[];
  /** The rows on a desktop, and on a narrow screen. */
  table: ReactNode;
  narrow: ReactNode;
}

/**
 * A staff list the API answers newest first (the one order it knows), 25 rows a page, with an
 * "Export to Excel" button instead of react-admin's CSV exporter; a table on a desktop, one line
 * per row on a narrow screen.
 */
export function ExportableList({ resource, kind, filters, table, narrow }: ExportableListProps) {
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <ResourceContextProvider value={resource}>
      <List
        filters={filters}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={25}
        exporter={false}
        actions={<ExportListActions kind={kind} />}
      >
        {isSmall ? narrow : table}
      </List>
    </ResourceContextProvider>
  );
}
