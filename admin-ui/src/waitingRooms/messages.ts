import type { MessageBundle } from '../i18n/i18nProvider';

/**
 * The waiting rooms' strings, in their pages' chunk (addMessages): the staff app's main bundle
 * carries only the menu entry and the tab's name (i18n/it.ts, en.ts).
 */
export const waitingRoomMessages: MessageBundle = {
  it: {
    resources: {
      'waiting-rooms': {
        name: "Sala d'attesa |||| Sale d'attesa",
        empty: "Nessuna sala d'attesa, per ora. Una sala si attiva per la vendita di una partita o di un abbonamento.",
        create_title: "Nuova sala d'attesa",
        show_title: "Sala d'attesa · %{title}",
        fields: {
          id: 'ID',
          target_title: 'Vendita',
          target_kind: 'La vendita di',
          fixture_id: 'Partita',
          season_ticket_id: 'Abbonamento',
          state: 'Stato',
          prequeue_opens_at: 'Apertura della fila',
          opens_at: 'Apertura della vendita',
          admit_per_minute: 'Ingressi al minuto',
          max_shopping: 'Acquisti contemporanei',
          admission_seconds: 'Durata del turno (minuti)',
          shuffled_at: 'Fila sorteggiata il',
          closed_at: 'Chiusa il',
          counts: {
            waiting: 'In attesa',
            shopping: 'Stanno acquistando',
          },
        },
        target_kinds: {
          fixture: 'Una partita',
          season: 'Un abbonamento',
        },
        states: {
          scheduled: 'Programmata',
          prequeue: 'Pre-coda',
          open: 'Aperta',
          paused: 'In pausa',
          closed: 'Chiusa',
        },
        help: {
          prequeue_opens_at:
            "Da quando i tifosi possono mettersi in fila (ora italiana). All'apertura della vendita chi è arrivato prima viene messo in ordine a sorte: arrivare presto non dà vantaggi.",
          opens_at: 'Quando comincia la vendita e i primi tifosi entrano a scegliere i posti (ora italiana).',
          admit_per_minute:
            'Quanti tifosi della fila entrano ogni minuto. Con 300 al minuto, chi ha 3.000 persone davanti aspetta circa 10 minuti.',
          max_shopping:
            'Quanti tifosi possono scegliere i posti nello stesso momento, al massimo: se sono già tanti, nessun altro entra finché qualcuno non finisce.',
          admission_seconds:
            'Quanto tempo ha un tifoso, una volta entrato, per scegliere i posti e metterli nel carrello: poi il turno scade. Da 1 a 120 minuti.',
          times_locked: "La sala ha già aperto: gli orari non si cambiano più, i numeri sì.",
        },
        counters: {
          title: 'In tempo reale',
          waiting: 'In attesa',
          admitted: 'Ammessi',
          shopping: 'Stanno acquistando',
          done: 'Hanno finito',
          last_minute: "Ammessi nell'ultimo minuto",
          of_rate: 'su %{rate} al minuto impostati',
          wait: 'Attesa in fondo alla fila',
          progress: 'Avanzamento della fila',
          progress_of: '%{admitted} ammessi su %{placed} in fila',
          refresh: 'Aggiornati ogni %{seconds} secondi.',
          of_max: 'al massimo %{max} insieme',
          admission: 'Durata del turno',
        },
        wait: {
          none: 'nessuna attesa',
          under_a_minute: 'meno di un minuto',
          about: 'circa %{time}',
          hours: '%{smart_count} ora |||| %{smart_count} ore',
          minutes: '%{smart_count} minuto |||| %{smart_count} minuti',
          and: '%{hours} e %{minutes}',
        },
        per_minute: '%{rate}/min',
        admission_minutes: '%{smart_count} minuto |||| %{smart_count} minuti',
        settings: 'Impostazioni',
        action: {
          create: "Nuova sala d'attesa",
          open: "Apri la sala d'attesa",
          pause: 'Metti in pausa',
          resume: 'Riprendi',
          close: 'Chiudi la sala',
        },
        confirm: {
          close_title: "Chiudere la sala d'attesa?",
          close_content:
            "Nessuno della fila verrà più ammesso e da adesso per riservare i posti di %{title} non servirà più l'ingresso dalla sala: la vendita torna aperta a tutti. Una sala chiusa non si riapre.",
          close: 'Chiudi',
        },
        notes: {
          paused: "In pausa: nessuno viene ammesso finché non riprendi. Chi è in fila mantiene il proprio posto.",
          closed: "Sala chiusa: riservare i posti non richiede più l'ingresso dalla sala.",
          prequeue: "La fila è aperta: all'apertura della vendita chi è in fila viene sorteggiato e ammesso al ritmo impostato.",
        },
        notifications: {
          created: "Sala d'attesa attivata",
          saved: "Sala d'attesa salvata",
          paused: "Sala d'attesa in pausa",
          resumed: "Sala d'attesa ripresa: gli ingressi ripartono",
          closed: "Sala d'attesa chiusa",
        },
        errors: {
          room_exists: "Questa vendita ha già una sala d'attesa: aprila dall'elenco delle sale.",
          room_closed: "La sala d'attesa è chiusa: non si può più cambiare.",
          room_opened: 'La sala ha già aperto: gli orari non si possono più cambiare.',
          target_not_found: "La partita o l'abbonamento non esiste più.",
          target_required: 'Scegli la partita o l\'abbonamento.',
          prequeue_after_opening: 'La fila deve aprire prima della vendita, o insieme.',
          rate_bounds: 'Un numero intero da 1 a 1.000.000.',
          admission_bounds: 'Da 1 a 120 minuti.',
          action_failed: "Operazione non riuscita sulla sala d'attesa. Riprova tra poco.",
        },
        panel: {
          none: "Questa vendita non ha una sala d'attesa: i tifosi scelgono i posti appena la vendita apre.",
          create: "Attiva una sala d'attesa",
        },
      },
    },
    pages: {
      waiting_rooms: {
        title: "Sale d'attesa",
        subtitle:
          "Le file per le vendite più richieste: i tifosi aspettano il proprio turno ed entrano a scegliere i posti al ritmo impostato. Ogni sala mostra in tempo reale chi è in fila, chi sta acquistando e l'attesa di chi arriva adesso.",
      },
    },
  },
  en: {
    resources: {
      'waiting-rooms': {
        name: 'Waiting room |||| Waiting rooms',
        empty: 'No waiting room yet. A room is enabled for the on-sale of a match or a season ticket.',
        create_title: 'New waiting room',
        show_title: 'Waiting room · %{title}',
        fields: {
          id: 'ID',
          target_title: 'On-sale',
          target_kind: 'The on-sale of',
          fixture_id: 'Match',
          season_ticket_id: 'Season ticket',
          state: 'State',
          prequeue_opens_at: 'Line opens',
          opens_at: 'Sale opens',
          admit_per_minute: 'Admissions per minute',
          max_shopping: 'Shopping at once',
          admission_seconds: 'Turn length (minutes)',
          shuffled_at: 'Line shuffled at',
          closed_at: 'Closed at',
          counts: {
            waiting: 'Waiting',
            shopping: 'Shopping',
          },
        },
        target_kinds: {
          fixture: 'A match',
          season: 'A season ticket',
        },
        states: {
          scheduled: 'Scheduled',
          prequeue: 'Pre-queue',
          open: 'Open',
          paused: 'Paused',
          closed: 'Closed',
        },
        help: {
          prequeue_opens_at:
            'From when fans may join the line (Italian time). At the opening those who came earlier are put in a random order: arriving early gives no edge.',
          opens_at: 'When the sale starts and the first fans go in to choose their seats (Italian time).',
          admit_per_minute:
            'How many fans from the line go in each minute. At 300 a minute, someone with 3,000 people ahead waits about 10 minutes.',
          max_shopping:
            'How many fans may choose seats at the same time, at most: when that many are in, nobody else goes in until someone finishes.',
          admission_seconds:
            'How long a fan has, once in, to choose seats and put them in the basket: then the turn expires. From 1 to 120 minutes.',
          times_locked: 'The room has opened: its times can no longer change, its numbers can.',
        },
        counters: {
          title: 'Live',
          waiting: 'Waiting',
          admitted: 'Admitted',
          shopping: 'Shopping',
          done: 'Done',
          last_minute: 'Admitted in the last minute',
          of_rate: 'of %{rate} a minute set',
          wait: 'Wait at the back of the line',
          progress: 'Progress of the line',
          progress_of: '%{admitted} admitted of %{placed} in line',
          refresh: 'Updated every %{seconds} seconds.',
          of_max: 'at most %{max} at once',
          admission: 'Turn length',
        },
        wait: {
          none: 'no wait',
          under_a_minute: 'under a minute',
          about: 'about %{time}',
          hours: '%{smart_count} hour |||| %{smart_count} hours',
          minutes: '%{smart_count} minute |||| %{smart_count} minutes',
          and: '%{hours} and %{minutes}',
        },
        per_minute: '%{rate}/min',
        admission_minutes: '%{smart_count} minute |||| %{smart_count} minutes',
        settings: 'Settings',
        action: {
          create: 'New waiting room',
          open: 'Open the waiting room',
          pause: 'Pause',
          resume: 'Resume',
          close: 'Close the room',
        },
        confirm: {
          close_title: 'Close the waiting room?',
          close_content:
            'Nobody in the line will be admitted any more, and from now on holding seats for %{title} needs no admission from the room: the sale is open to everyone again. A closed room does not reopen.',
          close: 'Close',
        },
        notes: {
          paused: 'Paused: nobody is admitted until you resume. Those in the line keep their places.',
          closed: 'Room closed: holding seats no longer needs an admission from the room.',
          prequeue: 'The line is open: at the opening of the sale those in line are shuffled and admitted at the rate set.',
        },
        notifications: {
          created: 'Waiting room enabled',
          saved: 'Waiting room saved',
          paused: 'Waiting room paused',
          resumed: 'Waiting room resumed: admissions go on',
          closed: 'Waiting room closed',
        },
        errors: {
          room_exists: 'This on-sale already has a waiting room: open it from the list of rooms.',
          room_closed: 'The waiting room is closed: it can no longer change.',
          room_opened: 'The room has opened: its times can no longer change.',
          target_not_found: 'The match or season ticket no longer exists.',
          target_required: 'Choose the match or the season ticket.',
          prequeue_after_opening: 'The line must open before the sale, or with it.',
          rate_bounds: 'A whole number from 1 to 1,000,000.',
          admission_bounds: 'From 1 to 120 minutes.',
          action_failed: 'The waiting room could not be changed. Try again shortly.',
        },
        panel: {
          none: 'This on-sale has no waiting room: fans choose seats as soon as the sale opens.',
          create: 'Enable a waiting room',
        },
      },
    },
    pages: {
      waiting_rooms: {
        title: 'Waiting rooms',
        subtitle:
          "The lines for the busiest on-sales: fans wait for their turn and go in to choose seats at the rate set. Each room shows live who is in line, who is shopping and the wait of someone arriving now.",
      },
    },
  },
};
