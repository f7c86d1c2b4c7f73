import DeleteOutlineOutlinedIcon from '@mui/icons-material/DeleteOutlineOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Confirm,
  DataTable,
  defaultExporter,
  ExportButton,
  List,
  SearchInput,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useTranslate,
  type Exporter,
} from 'react-admin';
import type { PhaseTarget } from '../phases/types';
import { CODES, codeTarget, removeFailureKey, sectorList } from './types';
import type { PreemptionCode } from '../../../api-types';

/** "Togli": the right leaves the list (`DELETE /api/admin/preemption-codes/{id}`), after a confirmation that names it. */
function RemoveCodeButton() {
  const code = useRecordContext<PreemptionCode>();
  const dataProvider = useDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const removing = useMutation({
    mutationFn: (record: PreemptionCode) => dataProvider.delete<PreemptionCode>('preemption-codes', { id: record.id, previousData: record }),
    onSuccess: () => notify(`${CODES}.notifications.deleted`, { type: 'success' }),
    onError: (error) => notify(removeFailureKey(error), { type: 'error' }),
    onSettled: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: ['preemption-codes'] });
    },
  });
  if (code === undefined) {
    return null;
  }
  const label = translate(`${CODES}.action.delete`);
  const about = { right: code.fidelity_card_number_or_fiscal_seal };
  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={label} size="small" color="error" disabled={removing.isPending} onClick={() => setOpen(true)}>
          <DeleteOutlineOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={removing.isPending}
        title={`${CODES}.confirm.delete_title`}
        content={`${CODES}.confirm.delete_content`}
        titleTranslateOptions={about}
        contentTranslateOptions={about}
        confirmColor="warning"
        onConfirm={() => removing.mutate(code)}
        onClose={() => {
          if (!removing.isPending) {
            setOpen(false);
          }
        }}
      />
    </>
  );
}

function NoCodes() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      {translate(`${CODES}.empty`)}
    </Typography>
  );
}

/** The CSV of the list as filtered: each right and its sectors, named after its match or season ticket. */
function exporterFor(target: PhaseTarget): Exporter<PreemptionCode> {
  const name =
    'season_ticket_id' in target
      ? `codici-prelazione-abbonamento-${target.season_ticket_id}`
      : `codici-prelazione-partita-${target.fixture_id}`;
  return (records, fetchRelated, dataProvider) =>
    defaultExporter(
      records.map(({ fidelity_card_number_or_fiscal_seal, sector_code }) => ({ fidelity_card_number_or_fiscal_seal, sector_code })),
      fetchRelated,
      dataProvider,
      name,
    );
}

/**
 * The target's rights (`GET /api/admin/preemption-codes?filter={"fixture_id":..}`), in the order
 * they were listed (the API's one order), searched by the start of a card or seal or by a sector,
 * exported as CSV, each one removable.
 */
export function PreemptionCodeList({ target }: { target: PhaseTarget }) {
  const translate = useTranslate();
  return (
    <List<PreemptionCode>
      resource="preemption-codes"
      filter={codeTarget(target)}
      filters={[
        <SearchInput
          key="q"
          source="q"
          alwaysOn
          placeholder={translate(`${CODES}.filters.search`)}
          sx={{ minWidth: { md: 340 } }}
        />,
      ]}
      title={false}
      disableSyncWithLocation
      storeKey={false}
      sort={{ field: 'id', order: 'ASC' }}
      perPage={25}
      empty={false}
      exporter={exporterFor(target)}
      actions={
        <TopToolbar>
          <ExportButton />
        </TopToolbar>
      }
      component="div"
    >
      <DataTable<PreemptionCode> rowClick={false} bulkActionButtons={false} empty={<NoCodes />}>
        <DataTable.Col<PreemptionCode>
          source="fidelity_card_number_or_fiscal_seal"
          disableSort
          render={(code) => <span style={{ fontFamily: 'monospace' }}>{code.fidelity_card_number_or_fiscal_seal}</span>}
        />
        <DataTable.Col<PreemptionCode> source="sector_code" disableSort render={(code) => sectorList(code.sector_code)} />
        <DataTable.Col label={`${CODES}.action.delete`} disableSort align="right">
          <RemoveCodeButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
