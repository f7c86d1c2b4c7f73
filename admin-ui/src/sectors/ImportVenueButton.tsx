import { importVenue } from '../api/imports';
import { ImportButton } from '../layout/ImportButton';

/** Reads the venue plan (sectors, blocks, seats) from the ticketing system again. */
export function ImportVenueButton({ variant }: { variant?: 'text' | 'contained' }) {
  return (
    <ImportButton
      label="resources.sectors.import.action"
      run={importVenue}
      done={(counts) => ({ message: 'resources.sectors.import.done', args: { ...counts } })}
      failed="resources.sectors.import.failed"
      variant={variant}
    />
  );
}
