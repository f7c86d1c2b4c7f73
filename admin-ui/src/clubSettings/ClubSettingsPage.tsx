import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import {
  BooleanInput,
  Confirm,
  Form,
  NumberInput,
  SaveButton,
  Title,
  useNotify,
  usePermissions,
  useTranslate,
} from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';
import { CLUB_SETTINGS_QUERY_KEY, saveClubSettings, useClubSettings } from '../api/settings';
import { Section } from '../layout/Section';
import {
  MAX_ID,
  MAX_POINTS_PER_EURO,
  SPEC_NAMES,
  TICKETING_IDS,
  settingFieldErrors,
  settingsBody,
  wholeNumberIn,
  type NumberSetting,
  type SwitchSetting,
} from './fields';
import type { ClubSettings } from '../../../api-types';

const PAGE = 'pages.club_settings';

// One validator per field for the form's life: react-admin re-registers a field whose validator
// changes between renders.
const VALIDATORS = Object.fromEntries(
  [...TICKETING_IDS, 'points_per_euro' as const].map((setting) => [setting, wholeNumberIn(setting)]),
) as Record<NumberSetting, ReturnType<typeof wholeNumberIn>>;

/** A setting's name in the spec's document, small under its field ("Nella specifica: operatorId"). */
function SpecName({ setting }: { setting: keyof ClubSettings }) {
  const translate = useTranslate();
  return <>{translate(`${PAGE}.spec`, { name: SPEC_NAMES[setting] })}</>;
}

/** What a group of settings is for, under its title. */
function Hint({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
      {children}
    </Typography>
  );
}

function NumberSettingInput({ setting, readOnly }: { setting: NumberSetting; readOnly: boolean }) {
  return (
    <NumberInput
      source={setting}
      label={`${PAGE}.fields.${setting}`}
      helperText={<SpecName setting={setting} />}
      validate={VALIDATORS[setting]}
      min={1}
      max={setting === 'points_per_euro' ? MAX_POINTS_PER_EURO : MAX_ID}
      step={1}
      readOnly={readOnly}
    />
  );
}

/** A `data-testid` for an input slot, whose MUI type knows no `data-` attributes. */
function testId(id: string): InputHTMLAttributes<HTMLInputElement> {
  return { 'data-testid': id } as InputHTMLAttributes<HTMLInputElement>;
}

function SwitchSettingInput({ setting, readOnly }: { setting: SwitchSetting; readOnly: boolean }) {
  return (
    <BooleanInput
      source={setting}
      label={`${PAGE}.fields.${setting}`}
      helperText={<SpecName setting={setting} />}
      readOnly={readOnly}
      // The journeys find the switch by this too (its name is the label's, in either language).
      options={{ slotProps: { input: testId(`${setting.replaceAll('_', '-')}-switch`) } }}
    />
  );
}

/**
 * Saves the settings: the API's answer becomes the page's settings (the form starts again from
 * them) and staff are told; a refusal of some fields (422) comes back as the form's errors, in our
 * words, by those fields; any other failure (403 for staff who are not admins) is notified.
 */
function useSaveSettings() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return async (settings: ClubSettings): Promise<Partial<Record<keyof ClubSettings, string>> | undefined> => {
    try {
      const saved = await saveClubSettings(settings);
      queryClient.setQueryData(CLUB_SETTINGS_QUERY_KEY, saved);
      notify(`${PAGE}.saved`, { type: 'success' });
      return undefined;
    } catch (error) {
      const fieldErrors = settingFieldErrors(error);
      if (fieldErrors === undefined) {
        notify(apiErrorMessageKey(error, `${PAGE}.failed`), { type: 'error' });
      }
      return fieldErrors;
    }
  };
}

/**
 * The settings, grouped as the spec's document: editable by admins, who save them all at once
 * (turning maintenance on asks first: it stops fans' sales), read-only for other staff.
 */
function SettingsForm({ settings, canEdit }: { settings: ClubSettings; canEdit: boolean }) {
  const translate = useTranslate();
  const save = useSaveSettings();
  // While the maintenance's confirmation is open: how to answer the save waiting on it.
  const [answer, setAnswer] = useState<((confirmed: boolean) => void) | null>(null);
  const readOnly = !canEdit;

  const askToStartMaintenance = () =>
    new Promise<boolean>((resolve) => {
      setAnswer(() => resolve);
    });

  const close = (confirmed: boolean) => {
    answer?.(confirmed);
    setAnswer(null);
  };

  const submit = async (values: Record<string, unknown>) => {
    const body = settingsBody(values);
    // Turning it off, or saving it on as it was, stops nothing new: no question then.
    if (body.maintenance_mode && !settings.maintenance_mode && !(await askToStartMaintenance())) {
      return undefined;
    }
    return save(body);
  };

  return (
    // noValidate: our own checks say what is wrong, in the field's words, rather than the browser's.
    <Form record={settings} onSubmit={submit} noValidate>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Section title={`${PAGE}.sections.ticketing`}>
          <Hint>{translate(`${PAGE}.hints.ticketing`)}</Hint>
          <Box
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', columnGap: 2 }}
            data-testid="ticketing-ids"
          >
            {TICKETING_IDS.map((setting) => (
              <NumberSettingInput key={setting} setting={setting} readOnly={readOnly} />
            ))}
          </Box>
        </Section>
        <Section title={`${PAGE}.sections.email`}>
          <Hint>{translate(`${PAGE}.hints.email`)}</Hint>
          <SwitchSettingInput setting="title_email_attachments" readOnly={readOnly} />
        </Section>
        <Section title={`${PAGE}.sections.points`}>
          <Hint>{translate(`${PAGE}.hints.points`)}</Hint>
          <Box sx={{ maxWidth: 260 }}>
            <NumberSettingInput setting="points_per_euro" readOnly={readOnly} />
          </Box>
        </Section>
        <Section title={`${PAGE}.sections.maintenance`}>
          <Hint>{translate(`${PAGE}.hints.maintenance`)}</Hint>
          <SwitchSettingInput setting="maintenance_mode" readOnly={readOnly} />
        </Section>
        {canEdit && (
          <Box>
            <SaveButton label={`${PAGE}.save`} data-testid="settings-save" />
          </Box>
        )}
      </Box>
      <Confirm
        isOpen={answer !== null}
        title={`${PAGE}.confirm_maintenance.title`}
        content={`${PAGE}.confirm_maintenance.content`}
        confirm={`${PAGE}.confirm_maintenance.confirm`}
        cancel={`${PAGE}.confirm_maintenance.keep`}
        confirmColor="warning"
        onConfirm={() => close(true)}
        onClose={() => close(false)}
        data-testid="maintenance-confirm"
      />
    </Form>
  );
}

/**
 * The club's settings, at /admin/config (the spec's configuration document): the club's ids in
 * the ticketing system, whether the tickets' e-mail carries their PDFs, the points per euro and
 * maintenance, each with its name in the spec. Staff read them; admins (`admin` permissions, as
 * for a user's role) change them, other staff are told only admins do. While the ticket office is
 * in maintenance (as saved), a banner at the top says so: fans cannot buy.
 */
export function ClubSettingsPage() {
  const translate = useTranslate();
  const { data: settings, isPending, isError } = useClubSettings();
  const { permissions, isPending: permissionsPending } = usePermissions<string>();
  const canEdit = permissions === 'admin';
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, minWidth: 0 }} data-testid="club-settings">
      <Title title={`${PAGE}.title`} />
      {settings?.maintenance_mode === true && (
        <Alert severity="warning" variant="filled" data-testid="maintenance-banner">
          {translate(`${PAGE}.banner`)}
        </Alert>
      )}
      <Box>
        <Typography variant="h5" component="h1">
          {translate(`${PAGE}.title`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }}>
          {translate(`${PAGE}.subtitle`)}
        </Typography>
      </Box>
      {isError ? (
        <Alert severity="error">{translate(`${PAGE}.load_failed`)}</Alert>
      ) : isPending || permissionsPending ? (
        <LinearProgress />
      ) : (
        <>
          {!canEdit && (
            <Alert severity="info" data-testid="settings-read-only">
              {translate(`${PAGE}.read_only`)}
            </Alert>
          )}
          <SettingsForm settings={settings} canEdit={canEdit} />
        </>
      )}
    </Box>
  );
}
