import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fieldCodesOf } from '../../api/fieldCodes';
import { apiErrorText } from '../../auth/errors';
import { useForgetEndedSession } from '../../auth/useSession';
import { EmailField } from '../../components/EmailField';
import { FormCard } from '../../components/FormCard';
import { corporateRequestsKey, submitCorporateRequest } from '../../corporate/api';
import {
  corporateFieldText,
  corporateRequestProblems,
  MESSAGE_MAX,
  NAME_MAX,
  normalisedRequest,
} from '../../corporate/rules';
import { useFormFields } from '../../hooks/useFormFields';
import { CORPORATE_NS } from '../../i18n';
import type { CorporateRequest, MeView, RequestForm as Form } from '../../../../api-types';

const EMPTY: Form = { company_name: '', vat_number: '', company_email: '', contact_name: '', phone: '', message: '' };

interface CorporateRequestFormProps {
  user: MeView;
  onSent: (request: CorporateRequest) => void;
}

/** The request: the company, its VAT number and e-mail, whom to call, and an optional message. */
export function CorporateRequestForm({ user, onSent }: CorporateRequestFormProps) {
  const { t } = useTranslation(CORPORATE_NS);
  // The app's own words: a field's "not valid", a failure's.
  const { t: appText } = useTranslation();
  const texts = { t, appText };
  const queryClient = useQueryClient();
  const forgetEndedSession = useForgetEndedSession();
  const form = useFormFields(EMPTY, (field, code) => corporateFieldText(texts, field, code));

  const submit = useMutation({
    mutationFn: submitCorporateRequest,
    onSuccess: (request) => {
      queryClient.setQueryData<CorporateRequest[]>(corporateRequestsKey, (current) => [request, ...(current ?? [])]);
      onSent(request);
    },
    onError: (error) => {
      form.showFailure(error);
      forgetEndedSession(error);
    },
  });
  // The account's own e-mail has no input, but a 409 may say it already has an open request.
  const accountCode = fieldCodesOf(submit.error, ['corporate_user_email'] as const).corporate_user_email;
  const otherFailure = submit.isError && !form.namesFields(submit.error) && accountCode === undefined;

  return (
    <FormCard
      title={t('registerCompany.form.title')}
      onSubmit={form.submitWith(normalisedRequest, corporateRequestProblems, submit.mutate)}
      submitLabel={t('registerCompany.form.submit')}
      pending={submit.isPending}
      failure={otherFailure ? apiErrorText(appText, submit.error) : null}
    >
      <Typography variant="body2" color="text.secondary">
        {t('registerCompany.form.required')}
      </Typography>
      <TextField
        {...form.bind('company_name')}
        label={t('registerCompany.form.company_name')}
        required
        fullWidth
        autoComplete="organization"
        slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          {...form.bind('vat_number', t('registerCompany.form.vat_numberHint'))}
          label={t('registerCompany.form.vat_number')}
          required
          fullWidth
          autoComplete="off"
          slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
        />
        <EmailField
          name="company_email"
          label={t('registerCompany.form.company_email')}
          value={form.values.company_email}
          onChange={(value) => form.change('company_email', value)}
          autoComplete="work email"
          error={form.errorOf('company_email')}
        />
        <TextField
          {...form.bind('contact_name')}
          label={t('registerCompany.form.contact_name')}
          required
          fullWidth
          autoComplete="name"
          slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
        />
        <TextField
          {...form.bind('phone', t('registerCompany.form.phoneHint'))}
          type="tel"
          label={t('registerCompany.form.phone')}
          required
          fullWidth
          autoComplete="tel"
          slotProps={{ htmlInput: { inputMode: 'tel' } }}
        />
      </Box>
      <TextField
        {...form.bind('message', t('registerCompany.form.messageHint', { max: MESSAGE_MAX }))}
        label={t('registerCompany.form.message')}
        fullWidth
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
      />
      <TextField
        name="corporate_user_email"
        label={t('registerCompany.form.account')}
        value={user.email}
        fullWidth
        error={accountCode !== undefined}
        helperText={
          accountCode === undefined
            ? t('registerCompany.form.accountHint')
            : corporateFieldText(texts, 'corporate_user_email', accountCode)
        }
        slotProps={{ htmlInput: { readOnly: true } }}
      />
    </FormCard>
  );
}
