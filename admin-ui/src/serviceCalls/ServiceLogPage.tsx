import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  DataTable,
  List,
  ResourceContextProvider,
  SearchInput,
  SelectInput,
  Title,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { AutoRefreshSwitch } from '../layout/AutoRefreshSwitch';
import { useAutoRefresh } from '../layout/useAutoRefresh';
import {
  CallErrorField,
  DurationField,
  HttpStatusField,
  OperationField,
  OutcomeField,
  ServiceField,
} from './ServiceCallFields';
import { CALL_OUTCOMES, LOGGED_SERVICES, SERVICE_REFRESH_MS } from './types';
import type { ServiceCall } from '../../../api-types';

const CALLS = 'resources.service-calls';
const PAGE = 'pages.service_log';
/** The log's own key in react-admin's store (its filters, its refresh switch). */
const STORE_KEY = 'service-calls';

function useServiceCallFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(`${CALLS}.filters.search`)} sx={{ minWidth: { md: 320 } }} />,
    <SelectInput
      key="service"
      source="service"
      alwaysOn
      choices={LOGGED_SERVICES.map((service) => ({ id: service, name: `${CALLS}.services.${service}` }))}
    />,
    <SelectInput
      key="outcome"
      source="outcome"
      alwaysOn
      choices={CALL_OUTCOMES.map((outcome) => ({ id: outcome, name: `${CALLS}.outcomes.${outcome}` }))}
    />,
  ];
}

function ServiceCallListActions() {
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      <AutoRefreshSwitch storeKey={STORE_KEY} defaultOn={false} intervalMs={SERVICE_REFRESH_MS} />
    </TopToolbar>
  );
}

function NoCallYet() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      {translate(`${CALLS}.empty`)}
    </Typography>
  );
}

/**
 * The service log, at /admin/reports/service-log: every call to the ticketing system, the payment
 * provider and the mail server of the last 30 days, newest first (or by duration), by service
 * and outcome, searched in the operation and the error. Staff may have it read again every 10 s
 * while they watch a problem.
 */
export function ServiceLogPage() {
  const translate = useTranslate();
  const filters = useServiceCallFilters();
  const [autoRefresh] = useAutoRefresh(STORE_KEY, false);
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 1, minWidth: 0 }}>
      <Title title={`${PAGE}.title`} />
      <Box>
        <Typography variant="h5" component="h1">
          {translate(`${PAGE}.title`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }}>
          {translate(`${PAGE}.subtitle`)}
        </Typography>
      </Box>
      <ResourceContextProvider value="service-calls">
        <List<ServiceCall>
          title={false}
          filters={filters}
          sort={{ field: 'started_at', order: 'DESC' }}
          perPage={50}
          exporter={false}
          actions={<ServiceCallListActions />}
          empty={<NoCallYet />}
          queryOptions={{ refetchInterval: autoRefresh ? SERVICE_REFRESH_MS : false }}
        >
          {/*
            Newest first, or by duration: the orders the contract names. Seven columns that fit a
            1366 px desktop beside the menu; a longer error is cut to two lines.
          */}
          <DataTable<ServiceCall> rowClick={false} bulkActionButtons={false}>
            <DataTable.Col source="started_at" sortByOrder="DESC" field={RomeDateTimeField} sx={{ whiteSpace: 'nowrap' }} />
            <DataTable.Col source="service" disableSort field={ServiceField} />
            <DataTable.Col source="operation" disableSort field={OperationField} />
            <DataTable.Col source="duration_ms" align="right" sortByOrder="DESC" field={DurationField} />
            <DataTable.Col source="outcome" disableSort field={OutcomeField} />
            <DataTable.Col source="status" align="right" disableSort field={HttpStatusField} />
            <DataTable.Col source="error" disableSort field={CallErrorField} />
          </DataTable>
        </List>
      </ResourceContextProvider>
    </Box>
  );
}
