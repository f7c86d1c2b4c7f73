import {
  DataTable,
  SearchInput,
  SelectInput,
  SimpleList,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { ExportableList } from '../exports/ExportableList';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { formatRomeDateTime } from '../fields/romeDateTime';
import { CompanyField, ContactField, StatusDecisionField } from './CorporateRequestFields';
import { DecisionButtons } from './DecisionButtons';
import { CORPORATE_STATUS, CORPORATE_STATUSES, corporateStatusName } from './types';
import type { CorporateRequest } from '../../../api-types';

const CORPORATE = 'resources.corporate-requests';

function useCorporateRequestFilters() {
  const translate = useTranslate();
  return [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate(`${CORPORATE}.filters.search`)}
      sx={{ minWidth: { md: 360 } }}
    />,
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      choices={CORPORATE_STATUSES.map((name) => ({ id: CORPORATE_STATUS[name], name: `${CORPORATE}.status.${name}` }))}
    />,
  ];
}

/**
 * Requests for a corporate account, at /admin/corporate/company_request, newest first: the
 * company, its VAT number and e-mail, the user who asked, whom to call, the status and who
 * decided. The search takes a company, a VAT number or either e-mail; staff approve or decline a
 * received request from its row or its page, and export every request to Excel.
 */
export function CorporateRequestList() {
  return (
    <ExportableList
      resource="corporate-requests"
      kind="company_requests"
      filters={useCorporateRequestFilters()}
      table={<CorporateRequestTable />}
      narrow={<CorporateRequestSimpleList />}
    />
  );
}

/**
 * Newest first, the one order the contract names. The VAT number under the company, the phone
 * under the contact, who decided and when under the status, so the table fits a desktop beside
 * the menu.
 */
/** Long e-mail addresses wrap in their cell instead of pushing the actions off the screen. */
const wrapped = () => ({ overflowWrap: 'anywhere', minWidth: 140, maxWidth: 240 }) as const;

function CorporateRequestTable() {
  return (
    <DataTable<CorporateRequest> rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="company_name" disableSort field={CompanyField} />
      <DataTable.Col source="company_email" disableSort cellSx={wrapped} />
      <DataTable.Col source="corporate_user_email" disableSort cellSx={wrapped} />
      <DataTable.Col source="contact_name" disableSort field={ContactField} />
      <DataTable.Col source="status" disableSort field={StatusDecisionField} />
      <DataTable.Col source="created_at" disableSort field={RomeDateTimeField} />
      <DataTable.Col label={`${CORPORATE}.fields.actions`} disableSort>
        <DecisionButtons />
      </DataTable.Col>
    </DataTable>
  );
}

/** On a narrow screen: one line per request, the company first. */
function CorporateRequestSimpleList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <SimpleList<CorporateRequest>
      linkType="show"
      primaryText={(request) => request.company_name}
      secondaryText={(request) => `${request.corporate_user_email} · ${formatRomeDateTime(request.created_at, locale)}`}
      tertiaryText={(request) => {
        const name = corporateStatusName(request.status);
        return name === undefined ? String(request.status) : translate(`${CORPORATE}.status.${name}`);
      }}
    />
  );
}
