import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery, type UseMutationResult } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useSession } from '../../auth/useSession';
import { SuccessToast } from '../../components/SuccessToast';
import { IDENTITY_NS } from '../../i18n';
import { identityQuery } from '../../identity/api';
import { personHolder, personNamed, savedPeopleQuery } from '../../identity/people';
import { checkoutErrorText, lineIdsWithSeat } from '../../orders/errors';
import {
  HOLDER_FIELDS,
  accountNames,
  blankHolderFields,
  draftOf,
  holdersRequest,
  identityHolder,
  localToday,
  namesMatch,
  parseHolder,
  repeatedPeople,
  serverHolderErrors,
  type HolderDraft,
  type HolderField,
  type MyHolderDetails,
} from '../../orders/holderRules';
import type { LineFares } from './fares';
import { HolderFieldset } from './HolderFieldset';
import { holderInputId, type SeatLine } from './lineSeat';
import type { HolderDetails, HoldersRequest, SavedPerson } from '../../../../api-types';

type FieldMessages = Partial<Record<HolderField, string>>;

/** What the form needs of a line: its seat, its holder so far and its fare. */
export type HolderLine = SeatLine & { id: number; reduction_id: number; holder?: HolderDetails | null };

interface HoldersFormProps {
  /** The order's lines (a match order's, a season order's), in its order. */
  lines: HolderLine[];
  /** Each line's fares (`faresFor`): shown, and which may be chosen. */
  fares: LineFares[];
  /** The day the reductions' rules are judged on (YYYY-MM-DD in Rome): the match's, the season's first. */
  matchDay: string;
  /** Sends the holders (`PUT .../holders`); its answer is put in the cache by the hook. */
  save: UseMutationResult<unknown, Error, HoldersRequest>;
  /** More to choose for a line, after its fare (a season's title or collection). */
  lineExtra?: (index: number) => ReactNode;
  /** The order kind's words: a refusal, and a holder the API says already has a seat or a season ticket. */
  wording?: {
    error?: (error: unknown) => string;
    hasSeat?: string;
    hasSeatNamed?: (count: number, holders: string) => string;
  };
  /** The API took the holders (the order in the cache is the new one). */
  onSaved: () => void;
}

/**
 * Who each ticket is for (`PUT .../holders`): checked here against the API's rules first, then
 * the API's own answer shown on the field it names (`lines.{i}.{field}`).
 */
export function HoldersForm({ lines, fares, matchDay, save, lineExtra, wording, onSaved }: HoldersFormProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [drafts, setDrafts] = useState<HolderDraft[]>(() => lines.map(draftOf));
  const [errors, setErrors] = useState<FieldMessages[]>(() => lines.map(() => ({})));
  const [saved, setSaved] = useState(false);
  const { user } = useSession();
  // The fan's saved identity gives "it's me" more than the account's names; none saved, or not
  // readable, the names are all it fills.
  const identity = useQuery({ ...identityQuery, enabled: user !== null });
  const mine = identityHolder(identity.data);
  const me: MyHolderDetails | null = user === null ? null : (mine ?? accountNames(user));
  // The fan's saved people, offered beside "it's me" (none, or not readable: nothing is offered).
  const people = useQuery({ ...savedPeopleQuery, enabled: user !== null }).data ?? [];
  // What it fills from the identity is said in the identity's words: until they are in, as for the names.
  const { t: identityText, ready: identityWords } = useTranslation(IDENTITY_NS, { useSuspense: false });
  // Which ticket is the fan's own ("it's me"): one at most; a saved order's holder may be already.
  const [meIndex, setMeIndex] = useState<number | null>(() =>
    me === null ? null : ((i) => (i < 0 ? null : i))(drafts.findIndex((draft) => namesMatch(draft, me))),
  );
  // The fields "it's me" filled, cleared when it is pressed again (null: not pressed here).
  const [meFields, setMeFields] = useState<(keyof MyHolderDetails)[] | null>(null);
  const today = localToday();
  const linesWithSeat = new Set(lineIdsWithSeat(save.error));

  const change = (index: number, field: HolderField, value: string) => {
    setDrafts((current) =>
      current.map((draft, i) =>
        i === index ? { ...draft, [field]: field === 'reduction_id' ? Number(value) : value } : draft,
      ),
    );
    // Who may have a fare hangs on the birth date and the sex: changing them may settle the fare's message.
    const settled: HolderField[] = field === 'sex' || field === 'birth_date' ? [field, 'reduction_id'] : [field];
    setErrors((current) => current.map((messages, i) => (i === index ? without(messages, settled) : messages)));
  };

  /**
   * "It's me" on ticket `index`: the fan's details (the saved identity's, else the account's
   * names); pressed again, what it filled is cleared.
   */
  const toggleMe = (index: number) => {
    if (me === null) {
      return;
    }
    const undo = meIndex === index;
    const fields = undo ? (meFields ?? keysOf(me)) : keysOf(me);
    const values = undo ? blankHolderFields(fields) : me;
    setMeIndex(undo ? null : index);
    setMeFields(undo ? null : fields);
    setDrafts((current) => current.map((draft, i) => (i === index ? { ...draft, ...values } : draft)));
    // As when typed: a birth date or a sex may settle the fare's message too.
    const settled: HolderField[] = fields.some((field) => field === 'sex' || field === 'birth_date') ? [...fields, 'reduction_id'] : fields;
    setErrors((current) => current.map((messages, i) => (i === index ? without(messages, settled) : messages)));
  };

  /**
   * "Saved person…" on ticket `index`: the person's names, birth date and place, sex and document,
   * their errors cleared as when typed. The ticket is then theirs, not the fan's.
   */
  const pickPerson = (index: number, person: SavedPerson) => {
    const values = personHolder(person);
    if (meIndex === index) {
      setMeIndex(null);
      setMeFields(null);
    }
    setDrafts((current) => current.map((draft, i) => (i === index ? { ...draft, ...values } : draft)));
    // A birth date and a sex may settle the fare's message too.
    const settled: HolderField[] = [...(Object.keys(values) as HolderField[]), 'reduction_id'];
    setErrors((current) => current.map((messages, i) => (i === index ? without(messages, settled) : messages)));
  };

  /** The other ticket already naming `person` (one person, one seat per match); null for none. */
  const ticketOf = (person: SavedPerson, index: number): number | null => {
    const other = drafts.findIndex((draft, i) => i !== index && personNamed([person], draft) !== undefined);
    return other < 0 ? null : other;
  };

  /** What "it's me" says on ticket `index` when it fills (or filled) the identity, not just the names. */
  const meWords = (index: number) => {
    const fromIdentity = meIndex === index && meFields !== null ? meFields.includes('document_number') : mine !== null;
    return fromIdentity && identityWords ? { hint: identityText('checkout.meHint'), filled: identityText('checkout.meFilled') } : {};
  };

  const showErrors = (messages: FieldMessages[]) => {
    setErrors(messages);
    // To the first field to correct: on a phone it may be far above the button.
    for (const [index, fields] of messages.entries()) {
      const first = HOLDER_FIELDS.find((field) => fields[field] !== undefined);
      if (first !== undefined) {
        document.getElementById(holderInputId(index, first))?.focus();
        return;
      }
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.reset();
    const parsed = drafts.map((draft, index) =>
      parseHolder(draft, fares[index]?.allowed ?? [], today, {
        rule: fares[index]?.shown.find((fare) => fare.id === draft.reduction_id)?.rule,
        matchDay,
      }),
    );
    if (!parsed.every((result) => result.ok)) {
      showErrors(
        parsed.map((result) =>
          result.ok
            ? {}
            : Object.fromEntries(
                Object.entries(result.problems).map(([field, problem]) => [field, t(`checkout.holders.errors.${problem}`)]),
              ),
        ),
      );
      return;
    }
    // One person, one seat per match: the API would refuse the order; say which ticket repeats which.
    const repeats = repeatedPeople(drafts);
    if (repeats.size > 0) {
      showErrors(
        lines.map((_line, index) => {
          const earlier = repeats.get(index);
          return earlier === undefined ? {} : { first_name: t('checkout.holders.sameAs', { index: earlier + 1 }) };
        }),
      );
      return;
    }
    setErrors(lines.map(() => ({})));
    save.mutate(
      holdersRequest(
        lines,
        parsed.map((result) => result.value),
      ),
      {
        onSuccess: () => {
          setSaved(true);
          onSaved();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) {
            const byLine = serverHolderErrors(error.fieldErrors);
            showErrors(
              lines.map((_line, index) =>
                Object.fromEntries(
                  [...(byLine.get(index) ?? [])].map((field) => [field, t(`checkout.holders.serverErrors.${field}`)]),
                ),
              ),
            );
          }
        },
      },
    );
  };

  const hasFieldErrors = errors.some((messages) => Object.keys(messages).length > 0);
  const errorText = wording?.error ?? ((error: unknown) => checkoutErrorText(t, error));
  const otherFailure = save.isError && !hasFieldErrors && linesWithSeat.size === 0 ? errorText(save.error) : null;
  const hasSeatNamed =
    wording?.hasSeatNamed ?? ((count: number, holders: string) => t('checkout.holders.hasSeatNamed', { count, holders }));

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, p: { xs: 1.5, sm: 3 } }}>
        <Box>
          <Typography id={titleId} variant="h6" component="h2">
            {t('checkout.holders.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('checkout.holders.intro')}
          </Typography>
        </Box>
        {lines.map((line, index) => (
          <HolderFieldset
            key={line.id}
            index={index}
            line={line}
            draft={drafts[index] ?? draftOf(line)}
            fares={fares[index]?.shown ?? []}
            errors={errors[index] ?? {}}
            hasSeat={linesWithSeat.has(line.id)}
            hasSeatText={wording?.hasSeat}
            today={today}
            me={
              me === null
                ? null
                : {
                    isMe: meIndex === index,
                    takenBy: meIndex !== null && meIndex !== index ? meIndex : null,
                    onToggle: () => toggleMe(index),
                    ...meWords(index),
                  }
            }
            saved={{
              people,
              value: personNamed(people, drafts[index] ?? draftOf(line))?.id ?? '',
              takenBy: (person) => ticketOf(person, index),
              onPick: (person) => pickPerson(index, person),
            }}
            onChange={(field, value) => change(index, field, value)}
          >
            {lineExtra?.(index)}
          </HolderFieldset>
        ))}
        {hasFieldErrors && <Alert severity="error">{t('checkout.holders.fix')}</Alert>}
        {linesWithSeat.size > 0 && (
          <Alert severity="error" data-testid="holders-with-seat">
            {hasSeatNamed(
              linesWithSeat.size,
              lines
                .flatMap((line, index) => {
                  if (!linesWithSeat.has(line.id)) {
                    return [];
                  }
                  const draft = drafts[index];
                  const name = `${draft?.first_name ?? ''} ${draft?.last_name ?? ''}`.trim();
                  return [t('checkout.holders.holderRef', { index: index + 1, name })];
                })
                .join('; '),
            )}
          </Alert>
        )}
        {otherFailure !== null && <Alert severity="error">{otherFailure}</Alert>}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={save.isPending}
            data-testid="save-holders"
            sx={{ minWidth: 200, width: { xs: '100%', sm: 'auto' } }}
          >
            {t('checkout.holders.save')}
          </Button>
        </Box>
      </CardContent>
      {/* At the top: at the bottom it would cover the card form the fan is about to fill in. */}
      <SuccessToast placement="top" message={saved ? t('checkout.holders.saved') : null} onClose={() => setSaved(false)} />
    </Card>
  );
}

/** The fields "it's me" fills in. */
function keysOf(details: MyHolderDetails): (keyof MyHolderDetails)[] {
  return Object.keys(details) as (keyof MyHolderDetails)[];
}

/** `messages` less these fields'. */
function without(messages: FieldMessages, fields: readonly HolderField[]): FieldMessages {
  const rest = { ...messages };
  for (const field of fields) {
    delete rest[field];
  }
  return rest;
}
