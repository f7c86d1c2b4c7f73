import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PersonAddOutlinedIcon from '@mui/icons-material/PersonAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { QueryListSection } from '../../components/QueryListSection';
import { SuccessToast } from '../../components/SuccessToast';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { IDENTITY_NS } from '../../i18n';
import { MAX_PEOPLE, savedPeopleQuery } from '../../identity/people';
import { PersonForm } from './PersonForm';
import { PersonItem } from './PersonItem';
import type { SavedPerson } from '../../../../api-types';

/**
 * Saved people (`/myaccount/people`): the fan's family and friends, each with the identity the
 * identity page asks for (checked the same way), listed, added, corrected and deleted; offered
 * when naming a ticket's holder, passing a ticket on and applying for a supporter card.
 * Signed-in fans only.
 */
export default function PeoplePage() {
  const { t } = useTranslation(IDENTITY_NS);
  useDocumentTitle(t('people.page.title'));
  return (
    <RequireSignIn>
      <SavedPeople />
    </RequireSignIn>
  );
}

/** The form open: a new person (`person` null) or a saved one's details. */
type Editing = { person: SavedPerson | null };

/** Which confirmation to show, translated when shown (the language may change meanwhile). */
type Done = { kind: 'saved' | 'removed'; name: string };

function SavedPeople() {
  const { t } = useTranslation(IDENTITY_NS);
  const people = useQuery(savedPeopleQuery);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const full = (people.data?.length ?? 0) >= MAX_PEOPLE;

  /** The form closes: the focus goes back to the button that opens it (it is drawn again first). */
  const close = () => {
    setEditing(null);
    setTimeout(() => addButton.current?.focus(), 0);
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 }, display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
        <Button component={RouterLink} to="/myaccount" size="small" startIcon={<ArrowBackIcon />}>
          {t('people.page.back')}
        </Button>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          {t('people.page.title')}
        </Typography>
        <Typography variant="body1" color="text.secondary">
          {t('people.page.intro')}
        </Typography>
      </Box>
      <QueryListSection
        title={t('people.list.title')}
        query={people}
        empty={t('people.list.empty')}
        emptyTestId="people-empty"
        keyOf={(person) => person.id}
      >
        {(person) => (
          <PersonItem
            person={person}
            onEdit={() => setEditing({ person })}
            onRemoved={(name) => {
              // Its details, open in the form, would be saved as someone new.
              if (editing?.person?.id === person.id) {
                setEditing(null);
              }
              setDone({ kind: 'removed', name });
            }}
          />
        )}
      </QueryListSection>
      {editing === null ? (
        <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
          <Button
            ref={addButton}
            variant="contained"
            startIcon={<PersonAddOutlinedIcon />}
            disabled={full}
            onClick={() => setEditing({ person: null })}
            data-testid="person-add"
            sx={{ minHeight: 44 }}
          >
            {t('people.add.button')}
          </Button>
          {full && (
            <Typography variant="body2" color="text.secondary">
              {t('people.add.full', { max: MAX_PEOPLE })}
            </Typography>
          )}
        </Box>
      ) : (
        <PersonForm
          // Another person's details start the form again.
          key={editing.person?.id ?? 'new'}
          person={editing.person}
          onSaved={(name) => {
            close();
            setDone({ kind: 'saved', name });
          }}
          onCancel={close}
        />
      )}
      <SuccessToast
        message={done === null ? null : t(`people.form.${done.kind}`, { name: done.name })}
        onClose={() => setDone(null)}
        placement="top"
      />
    </Container>
  );
}
