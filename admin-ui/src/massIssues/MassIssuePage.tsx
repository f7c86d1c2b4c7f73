import CardMembershipOutlinedIcon from '@mui/icons-material/CardMembershipOutlined';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import SportsSoccerOutlinedIcon from '@mui/icons-material/SportsSoccerOutlined';
import TableViewOutlinedIcon from '@mui/icons-material/TableViewOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { Title, useLocaleState, useNotify, useRedirect, useTranslate, type Identifier } from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';
import { createMassIssue, downloadMassIssueTemplate, previewMassIssue } from '../api/massIssues';
import { FixturePicker } from '../fixtures/FixturePicker';
import { FIXTURE_STATUS } from '../fixtures/types';
import { SeasonTicketPicker } from '../seasonTickets/SeasonTicketPicker';
import { SEASON_TICKET_STATUS } from '../seasonTickets/types';
import { massIssueFailureKey } from './lineErrors';
import { ManualLinesTable } from './ManualLinesTable';
import { addPickedSeat, dropMapPicks, dropPickedSeat, labelsOnLines, normalLabel } from './mapPicks';
import { MassIssueList } from './MassIssueList';
import {
  emptyManualLine,
  issuableLines,
  manualRequest,
  readFileAsBase64,
  subjectFields,
  type IssueSubject,
  type ManualLine,
} from './massIssueRequest';
import { PreviewTable } from './PreviewTable';
import { SeatMapPicker } from './SeatMapPicker';
import { TaskKindChip } from './TaskKindChip';
import {
  isIssuable,
  isMassIssueLanguage,
  isMassIssueTarget,
  isSeasonTask,
  taskKind,
  type MassIssueLanguage,
  type MassIssueTarget,
} from './types';
import { SHRINKABLE } from '../layout/grid';
import type { Fixture, MassIssuePreview, MassIssueTask, SeasonTicket, SeatView } from '../../../api-types';

const PAGE = 'pages.mass_issue';
const MASS = 'resources.mass-issues';

const SHEET_TYPES = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const isOnSale = (fixture: Fixture) => fixture.status === FIXTURE_STATUS.onSale;
const isSeasonOnSale = (season: SeasonTicket) => season.status === SEASON_TICKET_STATUS.onSale;

type Mode = 'sheet' | 'manual';

/** A sheet chosen for the preview: its name and its bytes as base64. */
interface Sheet {
  name: string;
  base64: string;
}

/** A preview and what it was made from, to create the task for the same subject from the same lines. */
interface ShownPreview {
  subject: IssueSubject;
  result: MassIssuePreview;
  fileName: string | null;
  /** For typed lines: the table's line number of each line sent. */
  rows?: number[];
}

/** What the preview is asked for: nothing until the fixture, or the season ticket, is chosen. */
function chosenSubject(
  target: MassIssueTarget,
  fixtureId: Identifier | '',
  seasonId: Identifier | '',
  collection: boolean,
): IssueSubject | null {
  if (target === 'fixture') {
    return fixtureId === '' ? null : { target, fixtureId: Number(fixtureId) };
  }
  return seasonId === '' ? null : { target, seasonTicketId: Number(seasonId), collection };
}

/** The admin app's language, which the holders' e-mails and tickets are written in. */
function useUiLanguage(): MassIssueLanguage {
  const [locale] = useLocaleState();
  return isMassIssueLanguage(locale) ? locale : 'it';
}

/**
 * Mass issuing, at /admin/tickets/massissue: staff choose what to issue, an on-sale fixture's
 * tickets or an on-sale season ticket's seats (as season titles, or as collections of one ticket
 * per covered match), and either upload the Excel sheet (its template in their language) or type
 * the lines; the preview checks every line and prices it, without changing anything; the valid
 * lines then become a task, issued in the background and followed on its page. The latest tasks
 * are listed underneath.
 */
export function MassIssuePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const language = useUiLanguage();
  const [target, setTarget] = useState<MassIssueTarget>('fixture');
  const [fixtureId, setFixtureId] = useState<Identifier | ''>('');
  const [seasonId, setSeasonId] = useState<Identifier | ''>('');
  const [collection, setCollection] = useState(false);
  const [mode, setMode] = useState<Mode>('sheet');
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [lines, setLines] = useState<ManualLine[]>(() => [emptyManualLine(0)]);
  const nextKey = useRef(1);
  // The lines the map added, by key, with the label it put there: another fixture drops them.
  const [mapPicks, setMapPicks] = useState<ReadonlyMap<number, string>>(new Map());
  // A seat dropped on the map whose lines stayed, since something was typed on them.
  const [keptPick, setKeptPick] = useState<{ label: string; rows: number[] } | null>(null);
  const [preview, setPreview] = useState<ShownPreview | null>(null);

  const typed = manualRequest(lines);
  const hasLines = mode === 'sheet' ? sheet !== null : typed.lines.length > 0;
  const subject = chosenSubject(target, fixtureId, seasonId, collection);

  const template = useMutation({
    mutationFn: () => downloadMassIssueTemplate(language),
    onError: (error) => notify(apiErrorMessageKey(error, `${MASS}.errors.download_failed`), { type: 'error' }),
  });

  const reading = useMutation({
    mutationFn: async (file: File): Promise<Sheet> => ({ name: file.name, base64: await readFileAsBase64(file) }),
    onSuccess: (read) => setSheet(read),
    onError: () => notify(`${MASS}.errors.file_not_read`, { type: 'error' }),
  });

  const previewing = useMutation({
    mutationFn: async (): Promise<ShownPreview> => {
      if (subject === null) {
        throw new Error('Nothing chosen to issue');
      }
      const about = subjectFields(subject);
      if (mode === 'sheet' && sheet !== null) {
        const result = await previewMassIssue({ ...about, file_name: sheet.name, file_base64: sheet.base64 });
        return { subject, result, fileName: sheet.name };
      }
      const result = await previewMassIssue({ ...about, lines: typed.lines });
      return { subject, result, fileName: null, rows: typed.rows };
    },
    onSuccess: (shown) => setPreview(shown),
    onError: (error) => notify(massIssueFailureKey(error, `${MASS}.errors.preview_failed`), { type: 'error' }),
  });

  const issuing = useMutation({
    mutationFn: (shown: ShownPreview) => {
      const issuable = issuableLines(shown.result.lines);
      return createMassIssue({
        ...subjectFields(shown.subject),
        file_name: shown.fileName,
        language,
        lines: issuable.map((line) => line.line),
        // The rows staff saw: the sheet's, or the typed table's lines.
        rows: issuable.map((line) => shown.rows?.[line.row - 1] ?? line.row),
      });
    },
    onSuccess: (task: MassIssueTask) => {
      notify(`${MASS}.notifications.created`, { type: 'success', messageArgs: { smart_count: task.total } });
      queryClient.setQueryData(['mass-issues', 'getOne', { id: String(task.id), meta: undefined }], task);
      void queryClient.invalidateQueries({ queryKey: ['mass-issues', 'getList'] });
      redirect('show', 'mass-issues', task.id);
    },
    onError: (error) => notify(massIssueFailureKey(error, `${MASS}.errors.create_failed`), { type: 'error' }),
  });

  const busy = previewing.isPending || issuing.isPending || reading.isPending;

  // What the preview was made from has changed: it no longer says what would be issued.
  const forgetPreview = () => setPreview(null);

  // The seats picked on the map were free on that fixture only: their lines go (another fixture,
  // or a season ticket) unless staff typed on them.
  const forgetMapPicks = () => {
    setLines((current) => dropMapPicks(current, mapPicks));
    setMapPicks(new Map());
    setKeptPick(null);
  };
  const chooseFixture = (id: Identifier | '') => {
    setFixtureId(id);
    forgetMapPicks();
    forgetPreview();
  };
  const chooseTarget = (next: unknown) => {
    if (isMassIssueTarget(next) && next !== target) {
      setTarget(next);
      // The map is a fixture's: a season ticket's seats are typed.
      forgetMapPicks();
      forgetPreview();
    }
  };
  const chooseSeason = (id: Identifier | '') => {
    setSeasonId(id);
    forgetPreview();
  };
  const chooseCollection = (checked: boolean) => {
    setCollection(checked);
    forgetPreview();
  };
  const chooseMode = (next: Mode | null) => {
    if (next !== null) {
      setMode(next);
      forgetPreview();
    }
  };
  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again (corrected on disk) must be read again.
    event.target.value = '';
    if (file !== undefined) {
      forgetPreview();
      reading.mutate(file);
    }
  };
  const changeLine = (key: number, change: Partial<Omit<ManualLine, 'key'>>) => {
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));
    forgetPreview();
  };
  const takeKey = () => {
    const key = nextKey.current;
    nextKey.current += 1;
    return key;
  };
  const addLine = () => {
    const key = takeKey();
    setLines((current) => [...current, emptyManualLine(key)]);
  };
  // A seat clicked on the map: a line for it, or its line dropped if nothing was typed on it.
  const toggleSeat = (seat: SeatView) => {
    if (busy) {
      return;
    }
    if (labelsOnLines(lines).has(normalLabel(seat.label))) {
      const dropped = dropPickedSeat(lines, seat.label);
      setLines(dropped.lines);
      setKeptPick(dropped.kept.length === 0 ? null : { label: seat.label, rows: dropped.kept });
    } else {
      const added = addPickedSeat(lines, seat.label, takeKey());
      setLines(added.lines);
      setMapPicks((current) => new Map(current).set(added.key, seat.label));
      setKeptPick(null);
    }
    forgetPreview();
  };
  const removeLine = (key: number) => {
    setLines((current) => (current.length > 1 ? current.filter((line) => line.key !== key) : current));
    forgetPreview();
  };

  return (
    <Box sx={{ py: 2, display: 'grid', gridTemplateColumns: SHRINKABLE, gap: 2, minWidth: 0 }}>
      <Title title={`${PAGE}.title`} />
      <Box>
        <Typography variant="h5" component="h1">
          {translate(`${PAGE}.title`)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(`${PAGE}.subtitle`)}
        </Typography>
      </Box>
      <Card>
        <CardContent sx={{ display: 'grid', gridTemplateColumns: SHRINKABLE, gap: 2, minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              value={target}
              onChange={(_, next: unknown) => chooseTarget(next)}
              aria-label={translate(`${PAGE}.target.label`)}
            >
              <ToggleButton value="fixture">
                <SportsSoccerOutlinedIcon fontSize="small" sx={{ mr: 1 }} />
                {translate(`${PAGE}.target.fixture`)}
              </ToggleButton>
              <ToggleButton value="season">
                <CardMembershipOutlinedIcon fontSize="small" sx={{ mr: 1 }} />
                {translate(`${PAGE}.target.season`)}
              </ToggleButton>
            </ToggleButtonGroup>
            {target === 'fixture' ? (
              <FixturePicker
                label={translate(`${PAGE}.fixture`)}
                value={fixtureId}
                onChange={chooseFixture}
                accept={isOnSale}
                emptyText={translate(`${PAGE}.no_fixture_on_sale`)}
                sx={{ width: 420, maxWidth: '100%' }}
              />
            ) : (
              <SeasonTicketPicker
                label={translate(`${PAGE}.season`)}
                value={seasonId}
                onChange={chooseSeason}
                accept={isSeasonOnSale}
                emptyText={translate(`${PAGE}.no_season_on_sale`)}
                sx={{ width: 420, maxWidth: '100%' }}
              />
            )}
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              value={mode}
              onChange={(_, next: Mode | null) => chooseMode(next)}
              aria-label={translate(`${PAGE}.mode.label`)}
            >
              <ToggleButton value="sheet">
                <TableViewOutlinedIcon fontSize="small" sx={{ mr: 1 }} />
                {translate(`${PAGE}.mode.sheet`)}
              </ToggleButton>
              <ToggleButton value="manual">
                <EditNoteOutlinedIcon fontSize="small" sx={{ mr: 1 }} />
                {translate(`${PAGE}.mode.manual`)}
              </ToggleButton>
            </ToggleButtonGroup>
          </Box>
          {target === 'season' && (
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={collection}
                    onChange={(event) => chooseCollection(event.target.checked)}
                    disabled={busy}
                    slotProps={{ input: { 'aria-describedby': 'mass-issue-collection-help' } }}
                  />
                }
                label={translate(`${PAGE}.collection`)}
              />
              <FormHelperText id="mass-issue-collection-help" sx={{ mt: 0 }}>
                {translate(`${PAGE}.collection_help`)}
              </FormHelperText>
            </Box>
          )}
          {mode === 'sheet' ? (
            <Box sx={{ display: 'grid', gap: 1 }}>
              <Typography variant="body2" color="text.secondary">
                {translate(`${PAGE}.sheet_help`)}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
                <Button
                  variant="outlined"
                  startIcon={<FileDownloadOutlinedIcon />}
                  onClick={() => template.mutate()}
                  disabled={template.isPending}
                >
                  {translate(`${PAGE}.download_template`)}
                </Button>
                <Button component="label" variant="outlined" startIcon={<UploadFileOutlinedIcon />} disabled={busy}>
                  {translate(`${PAGE}.choose_file`)}
                  <Box
                    component="input"
                    type="file"
                    accept={SHEET_TYPES}
                    onChange={chooseFile}
                    data-testid="sheet-input"
                    sx={visuallyHidden}
                  />
                </Button>
                <Typography variant="body2" aria-live="polite" sx={{ overflowWrap: 'anywhere' }}>
                  {sheet === null ? translate(`${PAGE}.no_file`) : translate(`${PAGE}.file_chosen`, { name: sheet.name })}
                </Typography>
              </Box>
            </Box>
          ) : (
            <Box sx={{ display: 'grid', gridTemplateColumns: SHRINKABLE, gap: 1, minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary">
                {translate(target === 'fixture' ? `${PAGE}.manual_help` : `${PAGE}.season_manual_help`)}
              </Typography>
              {target === 'fixture' && fixtureId !== '' && (
                <SeatMapPicker
                  fixtureId={fixtureId}
                  labels={labelsOnLines(lines)}
                  onToggle={toggleSeat}
                  notice={
                    keptPick === null
                      ? null
                      : translate(`${PAGE}.map.kept`, {
                          label: keptPick.label,
                          rows: keptPick.rows.join(', '),
                          smart_count: keptPick.rows.length,
                        })
                  }
                />
              )}
              <ManualLinesTable
                lines={lines}
                onChange={changeLine}
                onAdd={addLine}
                onRemove={removeLine}
                disabled={busy}
                reductionsOf={
                  target === 'fixture' ? { target } : { target, seasonTicketId: seasonId === '' ? undefined : seasonId }
                }
              />
            </Box>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
            <Button
              variant="contained"
              startIcon={<FactCheckOutlinedIcon />}
              disabled={subject === null || !hasLines || busy}
              onClick={() => previewing.mutate()}
            >
              {translate(`${PAGE}.preview`)}
            </Button>
            {subject === null && (
              <Typography variant="body2" color="text.secondary">
                {translate(target === 'fixture' ? `${PAGE}.choose_fixture_first` : `${PAGE}.choose_season_first`)}
              </Typography>
            )}
          </Box>
        </CardContent>
      </Card>
      {preview !== null && (
        <PreviewCard preview={preview} issuing={issuing.isPending} onIssue={() => issuing.mutate(preview)} />
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(`${PAGE}.tasks`)}
        </Typography>
        <MassIssueList />
      </Box>
    </Box>
  );
}

interface PreviewCardProps {
  preview: ShownPreview;
  issuing: boolean;
  onIssue: () => void;
}

/** The preview: how many lines can be issued and how many cannot, every line, and the issue button. */
function PreviewCard({ preview, issuing, onIssue }: PreviewCardProps) {
  const translate = useTranslate();
  const { result, rows } = preview;
  const issuable = result.lines.filter(isIssuable).length;
  const withErrors = result.lines.length - issuable;
  return (
    <Card component="section" aria-labelledby="mass-issue-preview-title">
      <CardContent sx={{ display: 'grid', gridTemplateColumns: SHRINKABLE, gap: 2, minWidth: 0 }}>
        <Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
            <Typography variant="h6" component="h2" id="mass-issue-preview-title">
              {translate(`${MASS}.preview.title_for`, { match: result.title })}
            </Typography>
            <TaskKindChip kind={taskKind(result)} />
          </Box>
          <Typography variant="body1" data-testid="preview-summary" aria-live="polite">
            {translate(`${MASS}.preview.summary_valid`, { smart_count: issuable })}
            {', '}
            <Box component="span" sx={withErrors > 0 ? { color: 'error.main', fontWeight: 600 } : undefined}>
              {translate(`${MASS}.preview.summary_invalid`, { smart_count: withErrors })}
            </Box>
            {' · '}
            {translate(`${MASS}.preview.summary_total`, { smart_count: result.lines.length })}
          </Typography>
        </Box>
        {withErrors > 0 && <Alert severity="warning">{translate(`${MASS}.preview.errors_hint`)}</Alert>}
        <PreviewTable lines={result.lines} rows={rows} season={isSeasonTask(result)} />
        <Box>
          <Button
            variant="contained"
            color="primary"
            startIcon={<SendOutlinedIcon />}
            disabled={issuable === 0 || issuing}
            onClick={onIssue}
          >
            {translate(`${MASS}.preview.issue`, { smart_count: issuable })}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/** The file input stays in the page (label, focus, tests) but only its button shows. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  bottom: 0,
  left: 0,
} as const;
