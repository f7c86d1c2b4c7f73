import Box from '@mui/material/Box';
import { Link, ListButton, Show, TopToolbar, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { DateTime, Fact, Facts, Mono } from '../layout/Facts';
import { SHRINKABLE } from '../layout/grid';
import { Section } from '../layout/Section';
import { IssueButton, PdfLinks, RecheckButton, RejectButton, RevokeButton } from './ApplicationActions';
import { ApplicationStateChip, CalendarDate, CardPhoto } from './CardApplicationFields';
import { holderName, isRelationship, refusalWordsKey, type CardApplication } from './types';

const APPLICATIONS = 'resources.supporter-card-applications';
const FIELDS = `${APPLICATIONS}.fields`;

/** The page's title: "Tessera del club · Mario Rossi". */
function ApplicationTitle() {
  const application = useRecordContext<CardApplication>();
  const translate = useTranslate();
  return (
    <>
      {application === undefined
        ? translate(`${APPLICATIONS}.name`, { smart_count: 1 })
        : translate(`${APPLICATIONS}.title`, { name: holderName(application) })}
    </>
  );
}

/**
 * Back to the list, and what the application's state allows: issue (registered), reject
 * (submitted or registered), revoke (issued), re-check with the ticketing system (once the card
 * has a number), and the issued card's PDFs.
 */
function ApplicationActions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
      <ListButton />
      <PdfLinks />
      <RecheckButton />
      <RevokeButton />
      <RejectButton />
      <IssueButton />
    </TopToolbar>
  );
}

/** The applicant's e-mail, linking to their account's page. */
function ApplicantLink({ application }: { application: CardApplication }) {
  const createPath = useCreatePath();
  return (
    <Link to={createPath({ resource: 'users', type: 'show', id: application.user_id })} sx={{ overflowWrap: 'anywhere' }}>
      {application.user_email}
    </Link>
  );
}

/** The photo, the holder as the fan gave them, the application and the card, and its dates. */
function ApplicationDetails() {
  const application = useRecordContext<CardApplication>();
  const translate = useTranslate();
  if (application === undefined) {
    return null;
  }
  const refusal = refusalWordsKey(application.refusal_code);
  const note = application.refusal_note ?? '';
  const { relationship, sex } = application;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, p: 2, minWidth: 0 }}>
      <CardPhoto key={application.id} application={application} size={210} />
      <Box sx={{ display: 'grid', gridTemplateColumns: SHRINKABLE, gap: 2, flex: '1 1 480px', minWidth: 0 }}>
        <Section title={`${APPLICATIONS}.sections.holder`}>
          <Facts>
            <Fact label={`${FIELDS}.last_name`}>{application.last_name}</Fact>
            <Fact label={`${FIELDS}.first_name`}>{application.first_name}</Fact>
            <Fact label={`${FIELDS}.fiscal_code`}>
              <Mono>{application.fiscal_code}</Mono>
            </Fact>
            <Fact label={`${FIELDS}.birth_date`}>
              <CalendarDate value={application.birth_date} />
            </Fact>
            <Fact label={`${FIELDS}.birth_place`}>{application.birth_place}</Fact>
            <Fact label={`${FIELDS}.sex`}>{translate(`${APPLICATIONS}.sexes.${sex}`, { _: sex })}</Fact>
            <Fact label={`${FIELDS}.relationship`}>
              {isRelationship(relationship) ? translate(`${APPLICATIONS}.relationships.${relationship}`) : relationship}
            </Fact>
            <Fact label={`${FIELDS}.user_email`}>
              <ApplicantLink application={application} />
            </Fact>
          </Facts>
        </Section>
        <Section title={`${APPLICATIONS}.sections.card`}>
          <Facts>
            <Fact label={`${FIELDS}.state`}>
              <ApplicationStateChip state={application.state} />
            </Fact>
            <Fact label={`${FIELDS}.card_number`}>
              {application.card_number ? <Mono>{application.card_number}</Mono> : '—'}
            </Fact>
            <Fact label={`${FIELDS}.expires_on`}>
              <CalendarDate value={application.expires_on} />
            </Fact>
            {refusal !== undefined && (
              <Fact label={`${FIELDS}.refusal_code`}>
                <span data-testid="card-application-refusal">{translate(refusal, { _: refusal })}</span>
              </Fact>
            )}
            {note !== '' && (
              <Fact label={`${FIELDS}.refusal_note`} wide>
                <Box component="span" sx={{ whiteSpace: 'pre-wrap' }} data-testid="card-application-refusal-note">
                  {note}
                </Box>
              </Fact>
            )}
          </Facts>
        </Section>
        <Section title={`${APPLICATIONS}.sections.dates`}>
          <Facts>
            <Fact label={`${FIELDS}.created_at`}>
              <DateTime value={application.created_at} />
            </Fact>
            <Fact label={`${FIELDS}.decided_at`}>
              <DateTime value={application.decided_at} />
            </Fact>
            <Fact label={`${FIELDS}.issued_at`}>
              <DateTime value={application.issued_at} />
            </Fact>
            <Fact label={`${FIELDS}.revoked_at`}>
              <DateTime value={application.revoked_at} />
            </Fact>
            <Fact label={`${FIELDS}.checked_at`}>
              <DateTime value={application.checked_at} />
            </Fact>
          </Facts>
        </Section>
      </Box>
    </Box>
  );
}

/**
 * One application for the club's supporter card, at /admin/supporter-card-applications/{id}/show
 * (a row of the list opens it): the photo, the holder as the fan gave them and whose card it is,
 * who applied, where it stands in words (and why it was refused), the card's number and expiry,
 * when it was applied for, decided, issued, revoked and last checked; and the actions its state
 * allows. Never edited.
 */
export function CardApplicationShow() {
  return (
    <Show<CardApplication> title={<ApplicationTitle />} actions={<ApplicationActions />}>
      <ApplicationDetails />
    </Show>
  );
}
