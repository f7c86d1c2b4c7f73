import type { MessageBundle } from '../i18n/i18nProvider';

/**
 * The strings of the changes of holder (cessioni): their list and a match's rules, in their
 * pages' chunk (addMessages). The staff app's main bundle carries only the menu entry (i18n/it.ts,
 * en.ts).
 */
export const transferMessages: MessageBundle = {
  it: {
    resources: {
      transfers: {
        name: 'Cessione |||| Cessioni',
        empty: 'Nessuna cessione da mostrare.',
        fields: {
          created_at: 'Data',
          fixture_id: 'Partita',
          fixture_title: 'Partita',
          seat: 'Posto',
          from: 'Da',
          to: 'A',
          seal: 'Nuovo sigillo',
          state: 'Stato',
          order_id: 'Ordine',
          q: 'Cerca',
        },
        filters: {
          search: 'Cerca per sigillo, e-mail o nome',
        },
        states: {
          requested: 'In corso',
          done: 'Fatta',
          refused: 'Rifiutata',
        },
        seat: 'Fila %{row}, posto %{number}',
        standing: 'Posto non numerato',
        kinds: {
          season: 'Abbonamento',
          season_hint: "Il posto di un abbonamento, ceduto per questa partita: l'abbonamento resta valido per le altre.",
        },
        order: {
          match: 'Ordine',
          season: 'Ordine abbonamento',
        },
        old_holder: 'Intestatario: %{name}',
        done_at: 'fatta il %{time}',
        account: {
          yes: 'Ha un account',
          no: 'Senza account',
        },
        refusals: {
          holder_banned: 'Il nuovo titolare ha un divieto di accesso agli stadi.',
          holder_has_title: 'Il nuovo titolare ha già un biglietto per questa partita.',
          reduction_not_fitting: 'Il nuovo titolare non ha diritto alla tariffa del biglietto il giorno della partita.',
          supporter_card_required: 'Per questo biglietto il nuovo titolare deve avere la tessera del tifoso.',
          title_not_transferable: 'Il sistema di biglietteria non consente di cedere questo biglietto.',
        },
        system_said: 'Sistema di biglietteria: «%{message}»',
        rules: {
          title: 'Cambio nominativo',
          open: 'Aperto',
          closed: 'Chiuso',
          until_kickoff: "I tifosi possono cedere i biglietti a un'altra persona fino all'inizio della partita.",
          until_hours:
            "I tifosi possono cedere i biglietti a un'altra persona fino a %{smart_count} ora prima dell'inizio della partita. |||| I tifosi possono cedere i biglietti a un'altra persona fino a %{smart_count} ore prima dell'inizio della partita.",
          closes_at: 'Chiude il %{time} (ora italiana).',
          none: 'I tifosi non possono cedere i biglietti di questa partita.',
          edit: 'Cambia',
          list: 'Cessioni della partita',
          dialog_title: 'Cambio nominativo · %{title}',
          help: "Chi ha un biglietto della partita può passarlo a un'altra persona: il suo viene annullato e il nuovo titolare ne riceve uno nuovo, per lo stesso posto.",
          transfers_open: 'I tifosi possono cedere i biglietti',
          closes_hours: "Chiusura (ore prima dell'inizio)",
          closes_hours_help: "Da 0 a 720 ore (30 giorni). Vuoto: fino all'inizio della partita.",
          closes_hours_invalid: 'Scrivi un numero intero di ore, da 0 a 720.',
          saved: 'Regole del cambio nominativo salvate',
        },
      },
    },
  },
  en: {
    resources: {
      transfers: {
        name: 'Change of holder |||| Changes of holder',
        empty: 'No change of holder to show.',
        fields: {
          created_at: 'Date',
          fixture_id: 'Match',
          fixture_title: 'Match',
          seat: 'Seat',
          from: 'From',
          to: 'To',
          seal: 'New seal',
          state: 'State',
          order_id: 'Order',
          q: 'Search',
        },
        filters: {
          search: 'Search by seal, e-mail or name',
        },
        states: {
          requested: 'In progress',
          done: 'Done',
          refused: 'Refused',
        },
        seat: 'Row %{row}, seat %{number}',
        standing: 'Unnumbered place',
        kinds: {
          season: 'Season ticket',
          season_hint: 'A season ticket seat, passed on for this match: the season ticket stays valid for the others.',
        },
        order: {
          match: 'Order',
          season: 'Season order',
        },
        old_holder: 'Holder: %{name}',
        done_at: 'done on %{time}',
        account: {
          yes: 'Has an account',
          no: 'No account',
        },
        refusals: {
          holder_banned: 'The new holder is banned from stadiums.',
          holder_has_title: 'The new holder already has a ticket for this match.',
          reduction_not_fitting: "The new holder is not entitled to the ticket's fare on the match day.",
          supporter_card_required: 'For this ticket the new holder needs a supporter card.',
          title_not_transferable: 'The ticketing system does not allow this ticket to be passed on.',
        },
        system_said: 'Ticketing system: “%{message}”',
        rules: {
          title: 'Change of holder',
          open: 'Open',
          closed: 'Closed',
          until_kickoff: 'Fans may pass their tickets on to someone else until kick-off.',
          until_hours:
            'Fans may pass their tickets on to someone else until %{smart_count} hour before kick-off. |||| Fans may pass their tickets on to someone else until %{smart_count} hours before kick-off.',
          closes_at: 'Closes on %{time} (Italian time).',
          none: 'Fans may not pass on their tickets for this match.',
          edit: 'Change',
          list: "The match's changes of holder",
          dialog_title: 'Change of holder · %{title}',
          help: "A fan with a ticket for the match may pass it on to someone else: theirs is cancelled and the new holder gets a new one, for the same seat.",
          transfers_open: 'Fans may pass their tickets on',
          closes_hours: 'Closes (hours before kick-off)',
          closes_hours_help: 'From 0 to 720 hours (30 days). Empty: until kick-off.',
          closes_hours_invalid: 'Type a whole number of hours, from 0 to 720.',
          saved: 'Change of holder rules saved',
        },
      },
    },
  },
};
