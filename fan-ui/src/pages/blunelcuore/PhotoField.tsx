import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useId, type CSSProperties, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../auth/errors';
import { PHOTO_TYPES } from '../../cards/applications';
import { SUPPORTER_CARD_NS } from '../../i18n';
import type { CardPhoto, PhotoFailure } from './useCardPhoto';

/** The file input inside its button: unseen, but focusable and read by screen readers. */
const VISUALLY_HIDDEN: CSSProperties = {
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  height: 1,
  overflow: 'hidden',
  position: 'absolute',
  bottom: 0,
  left: 0,
  whiteSpace: 'nowrap',
  width: 1,
};

interface PhotoFieldProps {
  photo: CardPhoto | null;
  failure: PhotoFailure | null;
  pending: boolean;
  onFile: (file: File) => void;
  /** The file input, focused when the form finds no photo. */
  inputRef: Ref<HTMLInputElement>;
}

/** The photo's field: what it takes, the button to choose it, its preview or why it will not do. */
export function PhotoField({ photo, failure, pending, onFile, inputRef }: PhotoFieldProps) {
  const { t } = useTranslation(SUPPORTER_CARD_NS);
  // The app's words for a failure that is not the photo's (the network, the session).
  const { t: appText } = useTranslation();
  const titleId = useId();
  const hintId = useId();
  const statusId = useId();
  const failureText =
    failure === null ? null : typeof failure === 'string' ? t(`errors.${failure}`) : apiErrorText(appText, failure.error);

  return (
    <Box component="fieldset" aria-labelledby={titleId} sx={{ border: 0, m: 0, p: 0, minWidth: 0, display: 'grid', gap: 1.5 }}>
      <Typography id={titleId} component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('form.photo')}
      </Typography>
      <Typography id={hintId} variant="body2" color="text.secondary">
        {t('form.photoHint')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        {photo !== null && (
          <Box
            component="img"
            src={photo.url}
            alt={t('form.preview')}
            data-testid="card-photo-preview"
            width={118}
            height={152}
            sx={{ objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
          />
        )}
        {/* MUI's file button: the label looks like a button, the input inside it takes the focus. */}
        <Button
          component="label"
          role={undefined}
          tabIndex={-1}
          variant="outlined"
          startIcon={<PhotoCameraOutlinedIcon />}
          sx={{ '&:focus-within': { outline: '2px solid', outlineOffset: 2 } }}
        >
          {photo === null ? t('form.choosePhoto') : t('form.changePhoto')}
          <input
            ref={inputRef}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            data-testid="card-photo-input"
            aria-describedby={`${hintId} ${statusId}`}
            aria-invalid={failure !== null}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Emptied, so that choosing the same file again (after a refusal) is a change too.
              event.target.value = '';
              if (file !== undefined) {
                onFile(file);
              }
            }}
            style={VISUALLY_HIDDEN}
          />
        </Button>
      </Box>
      <Box id={statusId} aria-live="polite">
        {pending && (
          <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <CircularProgress size={16} aria-hidden="true" />
            {t('form.previewing')}
          </Typography>
        )}
        {photo !== null && (
          <Typography variant="body2" color="text.secondary">
            {t('form.previewReady')}
          </Typography>
        )}
        {failureText !== null && (
          <Typography variant="body2" color="error" data-testid="card-photo-error">
            {failureText}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
