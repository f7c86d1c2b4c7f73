import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import { UpdateButton, useNotify, useRecordContext } from 'react-admin';
import { useActionFailure } from '../fields/useActionFailure';
import { canDecide, CORPORATE_STATUS } from './types';
import type { CorporateRequest } from '../../../api-types';

const CORPORATE = 'resources.corporate-requests';

/** Approve sets status 1 (the user's account becomes corporate), decline status 2. */
const DECISIONS = [
  { action: 'approve', status: CORPORATE_STATUS.approved, icon: <CheckIcon /> },
  { action: 'decline', status: CORPORATE_STATUS.declined, icon: <CloseIcon /> },
] as const;

/**
 * Approve and decline, for a received request only, each after a confirmation that names the
 * company and the user who is e-mailed the outcome (`PUT {status: 1 | 2}`). Someone may have
 * decided first: the API answers 409 `already_decided`, said in our words, and the page is read
 * again to show what they decided.
 */
export function DecisionButtons(props: { record?: CorporateRequest }) {
  const request = useRecordContext<CorporateRequest>(props);
  const notify = useNotify();
  const onError = useActionFailure(`${CORPORATE}.errors.decide_failed`);
  if (request === undefined || !canDecide(request)) {
    return null;
  }
  const about = { company: request.company_name, user: request.corporate_user_email };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'nowrap' }}>
      {DECISIONS.map(({ action, status, icon }) => (
        <UpdateButton
          key={action}
          record={request}
          resource="corporate-requests"
          mutationMode="pessimistic"
          data={{ status }}
          label={`${CORPORATE}.action.${action}`}
          icon={icon}
          confirmTitle={`${CORPORATE}.confirm.${action}_title`}
          confirmContent={`${CORPORATE}.confirm.${action}_content`}
          titleTranslateOptions={about}
          contentTranslateOptions={about}
          mutationOptions={{
            onSuccess: () => notify(`${CORPORATE}.notifications.${action}`, { type: 'success' }),
            onError,
          }}
        />
      ))}
    </Box>
  );
}
