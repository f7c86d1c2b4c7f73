import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { updatePassword } from '../../auth/api';
import { apiErrorText, fieldErrorsOf } from '../../auth/errors';
import { useSetSessionUser } from '../../auth/useSession';
import { FormCard } from '../../components/FormCard';
import { PasswordField } from '../../components/PasswordField';
import { newPasswordProblems, PASSWORD_MIN_LENGTH } from './passwordRules';
import type { MeView } from '../../../../api-types';

interface PasswordFormProps {
  user: MeView;
  onSaved: () => void;
}

interface PasswordErrors {
  current_password?: string;
  new_password?: string;
  confirmation?: string;
}

/**
 * Set a password (accounts made with an e-mailed code have none) or change it (the current one
 * is asked first).
 */
export function PasswordForm({ user, onSaved }: PasswordFormProps) {
  const { t } = useTranslation();
  const setSessionUser = useSetSessionUser();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<PasswordErrors>({});
  const hasPassword = user.has_password;

  const save = useMutation({
    mutationFn: () => updatePassword(next, hasPassword ? current : undefined),
    onSuccess: () => {
      setCurrent('');
      setNext('');
      setConfirmation('');
      setSessionUser({ ...user, has_password: true });
      onSaved();
    },
  });
  const serverErrors: PasswordErrors = fieldErrorsOf(t, save.error);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: PasswordErrors = {};
    if (hasPassword && current === '') {
      found.current_password = t('fieldErrors.required_password');
    }
    const problems = newPasswordProblems(next, confirmation);
    if (problems.password !== undefined) {
      found.new_password = t(problems.password);
    }
    if (problems.confirmation !== undefined) {
      found.confirmation = t(problems.confirmation);
    }
    setErrors(found);
    if (Object.keys(found).length === 0) {
      save.mutate();
    }
  };

  const otherFailure = save.isError && Object.keys(serverErrors).length === 0 ? apiErrorText(t, save.error) : null;
  return (
    <FormCard
      title={hasPassword ? t('myAccount.password.changeTitle') : t('myAccount.password.setTitle')}
      onSubmit={submit}
      submitLabel={hasPassword ? t('myAccount.password.change') : t('myAccount.password.set')}
      submitVariant="outlined"
      pending={save.isPending}
      failure={otherFailure}
    >
      <Typography variant="body2" color="text.secondary">
        {hasPassword ? t('myAccount.password.changeIntro') : t('myAccount.password.setIntro')}
      </Typography>
      {hasPassword && (
        <PasswordField
          name="current_password"
          label={t('myAccount.password.current')}
          value={current}
          onChange={setCurrent}
          autoComplete="current-password"
          error={errors.current_password ?? serverErrors.current_password}
        />
      )}
      <PasswordField
        name="new_password"
        label={t('myAccount.password.new')}
        value={next}
        onChange={setNext}
        autoComplete="new-password"
        error={errors.new_password ?? serverErrors.new_password}
        helperText={t('password.rule', { count: PASSWORD_MIN_LENGTH })}
      />
      <PasswordField
        name="confirm_password"
        label={t('myAccount.password.confirm')}
        value={confirmation}
        onChange={setConfirmation}
        autoComplete="new-password"
        error={errors.confirmation}
      />
    </FormCard>
  );
}
