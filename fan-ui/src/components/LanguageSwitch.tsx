import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { updateProfile } from '../auth/api';
import { useSession, useSetSessionUser } from '../auth/useSession';
import { isLanguage, SUPPORTED_LANGUAGES, type Language } from '../i18n';

/**
 * IT / EN toggle in the app bar; the choice is remembered in this browser (see i18n/index.ts)
 * and, for a signed-in fan, saved to the account (`PUT /api/me`), so that the e-mails and the
 * PDF tickets come in the same language.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const setSessionUser = useSetSessionUser();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : SUPPORTED_LANGUAGES[0];

  const choose = (language: Language) => {
    void i18n.changeLanguage(language);
    if (user !== null && user.language !== language) {
      updateProfile({ language }).then(
        ({ user: saved }) => setSessionUser(saved),
        // The page speaks the new language either way; the account keeps its own until the
        // next switch (or the profile page) saves it.
        () => undefined,
      );
    }
  };

  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={current}
      aria-label={t('language.label')}
      onChange={(_event, language: unknown) => {
        // A click on the selected button gives null: keep the language.
        if (isLanguage(language)) {
          choose(language);
        }
      }}
      sx={{
        '& .MuiToggleButton-root': {
          color: 'common.white',
          borderColor: 'rgba(255, 255, 255, 0.6)',
          px: 1.25,
          py: 0.25,
          fontWeight: 700,
          lineHeight: 1.6,
          '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.12)' },
          '&.Mui-selected, &.Mui-selected:hover': {
            bgcolor: 'common.white',
            color: 'primary.main',
          },
          '&.Mui-focusVisible': { outline: '2px solid #fff', outlineOffset: 2 },
        },
      }}
    >
      {SUPPORTED_LANGUAGES.map((language) => (
        <ToggleButton key={language} value={language} lang={language} title={t(`language.${language}`)}>
          {language.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
