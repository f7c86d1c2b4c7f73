import type { MessageBundle } from '../i18n/i18nProvider';

/**
 * The strings of the club's settings page (/admin/config), in its chunk (addMessages). The staff
 * app's main bundle carries only the menu's entry (i18n/it.ts, en.ts).
 */
export const clubSettingsMessages: MessageBundle = {
  it: {
    pages: {
      club_settings: {
        title: 'Configurazione',
        subtitle:
          "Le impostazioni del club per la biglietteria online. Ogni modifica vale subito, senza riavviare nulla, e resta registrata con chi l'ha fatta.",
        read_only: 'Solo gli amministratori possono cambiare la configurazione: la vedi in sola lettura.',
        load_failed: 'Impossibile leggere la configurazione. Riprova tra poco.',
        spec: 'Nella specifica: %{name}',
        save: 'Salva configurazione',
        saved: 'Configurazione salvata.',
        failed: 'Impossibile salvare la configurazione. Riprova tra poco.',
        banner:
          'Biglietteria in manutenzione: i tifosi vengono mandati alla pagina di manutenzione e non possono comprare. Lo staff continua a lavorare.',
        sections: {
          ticketing: 'Id del sistema di biglietteria',
          email: 'E-mail',
          points: 'Punti',
          maintenance: 'Manutenzione',
        },
        hints: {
          ticketing:
            "Gli id del club nel sistema di biglietteria. Ogni biglietto emesso riporta un punto vendita e un terminale: quelli web per gli ordini dei tifosi, il punto vendita della biglietteria per le vendite dello staff. Gli id dell'app e l'operatore servono alle vendite da app, che ancora non ci sono. Cambiali solo se li ha cambiati il sistema di biglietteria.",
          email: "Spento, l'e-mail dei biglietti non allega i PDF e dice di scaricarli dal wallet.",
          points: 'Quanti punti guadagna un tifoso per ogni euro speso.',
          maintenance:
            'Mentre è acceso, i tifosi vengono mandati alla pagina di manutenzione e non possono comprare né cambiare nulla (biglietti, abbonamenti, cessioni, dati del profilo); possono ancora guardare. Lo staff continua a lavorare, anche in biglietteria, e i pagamenti già fatti vengono registrati comunque.',
        },
        fields: {
          operator_id: 'Operatore',
          terminal_id: 'Terminale web',
          terminal_id_mobile: 'Terminale app',
          organizer_id: 'Organizzatore',
          point_of_sale_id: 'Punto vendita web',
          point_of_sale_id_mobile: 'Punto vendita app',
          box_office_sales_point: 'Punto vendita della biglietteria',
          title_email_attachments: "Allega i PDF dei biglietti all'e-mail",
          points_per_euro: 'Punti per euro',
          maintenance_mode: 'Biglietteria in manutenzione',
        },
        confirm_maintenance: {
          title: 'Mettere la biglietteria in manutenzione?',
          content:
            'Da quando salvi, i tifosi vengono mandati alla pagina di manutenzione e non possono più comprare finché qualcuno non la spegne. Lo staff continua a lavorare.',
          confirm: 'Metti in manutenzione',
          keep: 'Non salvare',
        },
        errors: {
          id_range: 'Scrivi un numero intero da 1 a 999.999.',
          points_range: 'Scrivi un numero intero da 1 a 100.000.',
          refused: 'Valore rifiutato dal server.',
        },
      },
    },
  },
  en: {
    pages: {
      club_settings: {
        title: 'Settings',
        subtitle:
          "The club's settings for the online ticket office. Each change takes effect at once, without restarting anything, and is recorded with who made it.",
        read_only: 'Only admins can change the settings: you see them read-only.',
        load_failed: 'Could not read the settings. Please try again shortly.',
        spec: 'In the spec: %{name}',
        save: 'Save settings',
        saved: 'Settings saved.',
        failed: 'Could not save the settings. Please try again shortly.',
        banner:
          'The ticket office is in maintenance: fans are sent to the maintenance page and cannot buy. Staff keep working.',
        sections: {
          ticketing: 'Ticketing system ids',
          email: 'E-mail',
          points: 'Points',
          maintenance: 'Maintenance',
        },
        hints: {
          ticketing:
            "The club's ids in the ticketing system. Each ticket issued names a point of sale and a terminal: the web ones for fans' orders, the box office's sales point for staff's sales. The app's ids and the operator are for sales from an app, which do not exist yet. Change them only if the ticketing system changed them.",
          email: "Off, the tickets' e-mail attaches no PDF and says to download them from the wallet.",
          points: 'How many points a fan earns for each euro spent.',
          maintenance:
            'While it is on, fans are sent to the maintenance page and cannot buy or change anything (tickets, season tickets, changes of holder, profile details); they can still look. Staff keep working, the box office too, and payments already made are still recorded.',
        },
        fields: {
          operator_id: 'Operator',
          terminal_id: 'Web terminal',
          terminal_id_mobile: 'App terminal',
          organizer_id: 'Organiser',
          point_of_sale_id: 'Web point of sale',
          point_of_sale_id_mobile: 'App point of sale',
          box_office_sales_point: 'Box-office sales point',
          title_email_attachments: "Attach the tickets' PDFs to the e-mail",
          points_per_euro: 'Points per euro',
          maintenance_mode: 'Ticket office in maintenance',
        },
        confirm_maintenance: {
          title: 'Put the ticket office in maintenance?',
          content:
            'From when you save, fans are sent to the maintenance page and can no longer buy until someone turns it off. Staff keep working.',
          confirm: 'Start maintenance',
          keep: "Don't save",
        },
        errors: {
          id_range: 'Type a whole number from 1 to 999,999.',
          points_range: 'Type a whole number from 1 to 100,000.',
          refused: 'Value refused by the server.',
        },
      },
    },
  },
};
