import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiCode } from '../../api/client';
import { apiErrorText } from '../../auth/errors';
import { useForgetEndedSession } from '../../auth/useSession';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FactList } from '../../components/FactList';
import { IDENTITY_NS } from '../../i18n';
import { birthDateText, forgetPerson, personName, personRelationship, savedPeopleKey } from '../../identity/people';
import type { SavedPerson } from '../../../../api-types';

interface PersonItemProps {
  person: SavedPerson;
  onEdit: () => void;
  /** Deleted (or found deleted already), with the name it had. */
  onRemoved: (name: string) => void;
}

/** One saved person: their name, who they are to the fan, birth date and fiscal code; "Edit", and "Delete" asked twice. */
export function PersonItem({ person, onEdit, onRemoved }: PersonItemProps) {
  const { t } = useTranslation(IDENTITY_NS);
  // The app's words for a refusal that is not the person's.
  const { t: appText } = useTranslation();
  const nameId = useId();
  const queryClient = useQueryClient();
  const forgetEndedSession = useForgetEndedSession();
  const [asking, setAsking] = useState(false);
  const name = personName(person);

  const dropFromList = () => {
    queryClient.setQueryData<SavedPerson[]>(savedPeopleKey, (current) => current?.filter(({ id }) => id !== person.id));
    onRemoved(name);
  };

  const remove = useMutation({
    mutationFn: () => forgetPerson(person.id),
    onSuccess: dropFromList,
    onError: (error) => {
      if (isApiCode(error, 'person_not_found')) {
        // Deleted elsewhere meanwhile: what the fan asked for is done; the list is read again.
        dropFromList();
        void queryClient.invalidateQueries({ queryKey: savedPeopleKey });
      }
      forgetEndedSession(error);
    },
    onSettled: () => setAsking(false),
  });

  const facts = [
    [t('people.list.relationship'), t(`people.relationships.${personRelationship(person)}`)],
    [t('people.list.birthDate'), birthDateText(person.birth_date)],
    [t('people.list.fiscalCode'), person.fiscal_code],
  ] as const;
  return (
    <Card component="article" aria-labelledby={nameId} data-testid="person-row" data-person-id={person.id}>
      <CardContent sx={{ display: 'grid', gap: 1.5, pb: 1 }}>
        <Typography id={nameId} variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <FactList facts={facts} />
        {remove.isError && !isApiCode(remove.error, 'person_not_found') && (
          <Alert severity="error">{apiErrorText(appText, remove.error)}</Alert>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button
          startIcon={<EditOutlinedIcon />}
          onClick={onEdit}
          aria-label={t('people.list.editLabel', { name })}
          data-testid="person-edit"
          sx={{ minHeight: 44 }}
        >
          {t('people.list.edit')}
        </Button>
        <Button
          color="error"
          startIcon={<DeleteOutlinedIcon />}
          onClick={() => setAsking(true)}
          aria-label={t('people.list.removeLabel', { name })}
          data-testid="person-delete"
          sx={{ minHeight: 44 }}
        >
          {t('people.list.remove')}
        </Button>
      </CardActions>
      <ConfirmDialog
        open={asking}
        title={t('people.remove.title', { name })}
        body={t('people.remove.body', { name })}
        keepLabel={t('people.remove.keep')}
        confirmLabel={t('people.remove.confirm')}
        pending={remove.isPending}
        onKeep={() => setAsking(false)}
        onConfirm={() => remove.mutate()}
        confirmTestId="person-delete-confirm"
      />
    </Card>
  );
}
