import GridOnOutlinedIcon from '@mui/icons-material/GridOnOutlined';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useMutation } from '@tanstack/react-query';
import { forwardRef, type ComponentProps } from 'react';
import {
  Button,
  DataTable,
  DataTableBody,
  DataTableRow,
  List,
  ResourceContextProvider,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  useLocaleState,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { downloadCardApplications } from '../api/cardApplications';
import { apiErrorMessageKey } from '../api/errors';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { formatRomeDateTime } from '../fields/romeDateTime';
import { SupporterCardTabs } from '../supporterCards/SupporterCardTabs';
import { AccountFilterInput } from '../users/AccountFilterInput';
import {
  ApplicationStateField,
  CardNumberField,
  CardPhoto,
  ExpiresOnField,
  FiscalCodeField,
  HolderField,
  PhotoField,
  RelationshipField,
} from './CardApplicationFields';
import { holderListName, STATES, type CardApplication } from './types';

const APPLICATIONS = 'resources.supporter-card-applications';

/**
 * The spec's search ("Cerca": the applicant's e-mail, "COGNOME, NOME" of the holder, a fiscal
 * code or a card number), a state, and the account when a link narrowed the list to one.
 */
function useApplicationFilters() {
  const translate = useTranslate();
  return [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate(`${APPLICATIONS}.search`)}
      slotProps={{
        htmlInput: {
          'aria-label': translate(`${APPLICATIONS}.fields.q`),
          title: translate(`${APPLICATIONS}.search_hint`),
          'data-testid': 'card-applications-search',
        },
      }}
      sx={{ minWidth: { md: 420 } }}
    />,
    <SelectInput
      key="state"
      source="state"
      alwaysOn
      choices={STATES.map((state) => ({ id: state, name: `${APPLICATIONS}.states.${state}` }))}
      slotProps={{ htmlInput: { 'data-testid': 'card-applications-state-filter' } }}
    />,
    <AccountFilterInput key="user_id" source="user_id" />,
  ];
}

function NoApplication() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      {translate(`${APPLICATIONS}.empty`)}
    </Typography>
  );
}

/**
 * "Esporta in Excel": every application and card (the API's export knows no filter), from
 * `GET /api/admin/supporter-card-applications/export`, fetched with the session and saved as a
 * file (a failure said in our words rather than opening the API's error as a page).
 */
function ExportApplicationsButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const mutation = useMutation({
    mutationFn: downloadCardApplications,
    onError: (error) => notify(apiErrorMessageKey(error, `${APPLICATIONS}.errors.export_failed`), { type: 'error' }),
  });
  return (
    <Tooltip title={translate(`${APPLICATIONS}.export.hint`)}>
      {/* A disabled button gets no pointer events: the tooltip listens on its wrapper. */}
      <span>
        <Button
          label={`${APPLICATIONS}.export.button`}
          disabled={mutation.isPending}
          onClick={() => mutation.mutate()}
          data-testid="card-applications-export"
        >
          <GridOnOutlinedIcon />
        </Button>
      </span>
    </Tooltip>
  );
}

function ApplicationListActions() {
  return (
    <TopToolbar>
      <ExportApplicationsButton />
    </TopToolbar>
  );
}

/** A row, named for the browser's journeys: which application, in which state. */
const ApplicationRow = forwardRef<HTMLTableRowElement, ComponentProps<typeof DataTableRow>>(function ApplicationRow(props, ref) {
  const application = useRecordContext<CardApplication>();
  return (
    <DataTableRow
      ref={ref}
      {...props}
      data-testid="card-application-row"
      data-id={application?.id}
      data-state={application?.state}
    />
  );
});

function ApplicationBody(props: ComponentProps<typeof DataTableBody>) {
  return <DataTableBody {...props} row={ApplicationRow} />;
}

/**
 * The photo, when the fan applied, the holder (surname first), their fiscal code, whose card it
 * is for the applicant, the applicant's e-mail, where it stands, and once registered the card's
 * number and until when it is valid. A row opens the application.
 */
function ApplicationTable() {
  return (
    <DataTable<CardApplication> rowClick="show" bulkActionButtons={false} empty={<NoApplication />} body={ApplicationBody}>
      <DataTable.Col source="photo" disableSort field={PhotoField} />
      <DataTable.Col source="created_at" disableSort field={RomeDateTimeField} />
      <DataTable.Col source="holder" disableSort field={HolderField} />
      <DataTable.Col source="fiscal_code" disableSort field={FiscalCodeField} />
      <DataTable.Col source="relationship" disableSort field={RelationshipField} />
      <DataTable.Col source="user_email" disableSort>
        <TextField source="user_email" sx={{ overflowWrap: 'anywhere' }} />
      </DataTable.Col>
      <DataTable.Col source="state" disableSort field={ApplicationStateField} />
      <DataTable.Col source="card_number" disableSort field={CardNumberField} />
      <DataTable.Col source="expires_on" disableSort field={ExpiresOnField} />
    </DataTable>
  );
}

/** On a phone: one line per application, its photo and holder first; its page has the buttons. */
function ApplicationSimpleList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <SimpleList<CardApplication>
      linkType="show"
      leftIcon={(application) => <CardPhoto key={application.id} application={application} size={36} />}
      primaryText={(application) => holderListName(application)}
      secondaryText={(application) =>
        [translate(`${APPLICATIONS}.states.${application.state}`, { _: application.state }), application.fiscal_code, application.card_number ?? '']
          .filter((part) => part !== '')
          .join(' · ')
      }
      tertiaryText={(application) => formatRomeDateTime(application.created_at, locale)}
      empty={<NoApplication />}
    />
  );
}

/**
 * The club's supporter cards, the first tab of /admin/fidelity_card (at
 * /admin/fidelity_card/applications): every fan's application and card, newest first (the API's
 * one order, so no column sorts), searched as the spec says and narrowed to a state; every one
 * as an Excel sheet one click away. A table on a desktop, a list of lines on a phone.
 */
export function CardApplicationList() {
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <>
      <SupporterCardTabs current="applications" />
      <ResourceContextProvider value="supporter-card-applications">
        <List<CardApplication>
          title={`${APPLICATIONS}.list_title`}
          filters={useApplicationFilters()}
          sort={{ field: 'created_at', order: 'DESC' }}
          perPage={25}
          exporter={false}
          empty={false}
          actions={<ApplicationListActions />}
          sx={{ '& .RaList-main': { minWidth: 0 } }}
        >
          {isSmall ? <ApplicationSimpleList /> : <ApplicationTable />}
        </List>
      </ResourceContextProvider>
    </>
  );
}
