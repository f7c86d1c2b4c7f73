import SearchOffIcon from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router';
import { ApiError } from '../api/client';
import { useFixture } from '../fixtures/api';
import { useRoomEntry } from '../queue/useRoomEntry';
import { Loading } from './Loading';
import { MessagePage } from './MessagePage';
import { QueryFailed } from './QueryFailed';
import type { FixtureDetail } from '../../../api-types';

interface FixtureGateProps {
  id: number;
  children: (fixture: FixtureDetail) => ReactNode;
}

/**
 * Reads the fixture and shows `children` with it; a spinner meanwhile, "match not found" for an
 * unknown fixture (or one fans are not shown), and any other failure with a retry. While the
 * match's waiting room guards its on-sale, a fan without an admission goes to the queue instead
 * (the room is read beside the fixture: the page waits for the slower of the two).
 */
export function FixtureGate({ id, children }: FixtureGateProps) {
  const fixture = useFixture(id);
  const entry = useRoomEntry('fixture', id);
  if (entry.queue !== null) {
    return <Navigate to={entry.queue} replace />;
  }
  if (fixture.isPending || entry.pending) {
    return <Loading />;
  }
  if (fixture.isError) {
    if (fixture.error instanceof ApiError && fixture.error.status === 404) {
      return <FixtureNotFound />;
    }
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
        <QueryFailed error={fixture.error} onRetry={() => void fixture.refetch()} />
      </Container>
    );
  }
  return children(fixture.data);
}

/** The page for a fixture id that is not (or no longer) shown to fans. */
export function FixtureNotFound() {
  const { t } = useTranslation();
  return (
    <MessagePage
      icon={<SearchOffIcon />}
      title={t('fixture.notFoundTitle')}
      body={t('errors.fixture_not_found')}
      action={
        <Button component={RouterLink} to="/fixtures/all" variant="contained" size="large">
          {t('fixtures.all')}
        </Button>
      }
    />
  );
}
