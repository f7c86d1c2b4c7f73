import { TICKET_OFFICE_EMAIL, type InfoContent } from './types';

const mail = { label: TICKET_OFFICE_EMAIL, href: `mailto:${TICKET_OFFICE_EMAIL}` };

/** The information pages in Italian. */
const content: InfoContent = {
  privacy: {
    title: 'Informativa sulla privacy',
    intro:
      'Come trattiamo i tuoi dati personali quando crei un account, compri biglietti e usi il wallet, ai sensi del Regolamento (UE) 2016/679 (GDPR).',
    updated: '2026-01-15',
    sections: [
      {
        heading: 'Titolare del trattamento',
        body: ['Il titolare del trattamento è Como 1907, che gestisce la biglietteria online del club.', 'Per ogni richiesta sui tuoi dati scrivi a:', mail],
      },
      {
        heading: 'Quali dati trattiamo',
        body: [
          {
            list: [
              'Dati dell’account: indirizzo e-mail, nome, nome visualizzato, lingua preferita e i consensi che hai scelto.',
              'Dati dei titolari dei biglietti: nome, cognome, data e luogo di nascita, tipo e numero del documento, e il sesso quando serve per una tariffa. La legge italiana impone biglietti nominativi per le partite di calcio.',
              'Dati della tessera del tifoso, se la registri nel tuo account.',
              'Dati degli acquisti: ordini, posti, prezzi, esito del pagamento e titoli emessi.',
              'Dati tecnici: indirizzo IP e orari di accesso, usati per la sicurezza e per limitare i tentativi abusivi.',
            ],
          },
          'I dati della carta di pagamento vanno direttamente al fornitore dei pagamenti: non passano dai nostri server e non li conserviamo.',
        ],
      },
      {
        heading: 'Perché li trattiamo e su quale base',
        body: [
          {
            list: [
              'Vendere ed emettere i biglietti, e gestire rimborsi e assistenza: esecuzione del contratto.',
              'Nominare i titolari, verificarne l’idoneità (per esempio i divieti di accesso) e comunicare i dati al sistema di biglietteria autorizzato: obbligo di legge.',
              'Proteggere l’account e il servizio da abusi: legittimo interesse.',
              'Comunicazioni commerciali, profilazione e cessione ai partner del club: solo con il tuo consenso, che puoi revocare in ogni momento dal tuo account.',
            ],
          },
        ],
      },
      {
        heading: 'A chi li comunichiamo',
        body: [
          'Al gestore del sistema di biglietteria che emette i titoli di accesso, al fornitore dei pagamenti, al servizio di invio e-mail e, quando la legge lo richiede, alle autorità di pubblica sicurezza. Non vendiamo i tuoi dati.',
        ],
      },
      {
        heading: 'Per quanto tempo',
        body: [
          'I dati dell’account restano finché l’account è attivo. I dati degli acquisti e dei titolari si conservano per il tempo previsto dalle norme fiscali e sulla sicurezza negli stadi (di norma dieci anni per i documenti contabili). I dati tecnici di accesso si cancellano dopo pochi giorni.',
        ],
      },
      {
        heading: 'I tuoi diritti',
        body: [
          'Puoi chiedere di accedere ai tuoi dati, correggerli, cancellarli, limitarne il trattamento, opporti e riceverli in un formato portabile. Puoi revocare i consensi dal tuo account. Se ritieni che il trattamento non sia corretto puoi rivolgerti al Garante per la protezione dei dati personali (www.garanteprivacy.it).',
        ],
      },
    ],
  },
  terms: {
    title: 'Condizioni di vendita',
    intro: 'Le regole che valgono quando compri biglietti sulla biglietteria online di Como 1907.',
    updated: '2026-01-15',
    sections: [
      {
        heading: 'Biglietti nominativi',
        body: [
          'Ogni biglietto è intestato a una persona (il titolare), come impone la legge. Il titolare deve mostrare ai varchi un documento d’identità valido, quello indicato al momento dell’acquisto.',
          'Una persona può avere un solo posto per partita. Per alcune partite il sistema di biglietteria può rifiutare un titolare (per esempio per un divieto di accesso): te lo diciamo prima del pagamento.',
        ],
      },
      {
        heading: 'Prenotazione dei posti',
        body: [
          'Quando blocchi dei posti li teniamo per te per 30 minuti: entro quel tempo indica i titolari e paga. Allo scadere i posti tornano in vendita. Per ogni partita c’è un numero massimo di biglietti per acquirente, indicato nella pagina della partita.',
        ],
      },
      {
        heading: 'Prezzi e tariffe ridotte',
        body: [
          'I prezzi sono in euro, IVA inclusa. La tariffa intera è quella mostrata sulla mappa; le tariffe ridotte (per esempio Under 14, Over 65, Donna) si scelgono per ogni titolare e valgono solo se il titolare ne ha diritto il giorno della partita. Ai varchi può essere chiesto di dimostrarlo.',
        ],
      },
      {
        heading: 'Pagamento ed emissione',
        body: [
          'Si paga con carta di credito o di debito; la banca può chiedere la verifica 3-D Secure. Dopo il pagamento i biglietti vengono emessi dal sistema di biglietteria e compaiono nel tuo wallet, con il codice QR e il PDF da scaricare; ti mandiamo anche un’e-mail.',
          'Se l’emissione non è possibile, l’ordine viene rimborsato per intero sulla stessa carta e ti avvisiamo.',
        ],
      },
      {
        heading: 'Recesso e rimborsi',
        body: [
          'Come previsto dall’articolo 59 del Codice del consumo, per i servizi del tempo libero in una data precisa non si applica il diritto di recesso: un biglietto acquistato non si restituisce.',
          'Se la partita è annullata o si gioca a porte chiuse il biglietto viene rimborsato. Se la partita è rinviata il biglietto vale per la nuova data; le modalità di rimborso per chi non può partecipare sono comunicate dal club.',
        ],
      },
      {
        heading: 'Allo stadio',
        body: [
          'Entrando allo stadio accetti il regolamento d’uso dell’impianto. Il biglietto è valido per un solo ingresso, dal varco indicato. Un biglietto usato, annullato o ceduto senza il cambio del titolare non dà accesso.',
        ],
      },
    ],
  },
  cookies: {
    title: 'Informativa sui cookie',
    intro: 'Quali cookie e dati salvati nel browser usa la biglietteria online, e perché.',
    updated: '2026-01-15',
    sections: [
      {
        heading: 'Solo cookie tecnici',
        body: [
          'Usiamo soltanto cookie e dati tecnici, necessari perché il sito funzioni. Non usiamo cookie di profilazione né di statistica di terze parti, per questo non ti chiediamo un consenso.',
          {
            list: [
              'lario_session: tiene aperto il tuo accesso; si cancella quando esci o quando la sessione scade.',
              'lario_csrf: protegge i tuoi acquisti da richieste inviate da altri siti.',
              'lario.language (memoria del browser): ricorda la lingua che hai scelto.',
            ],
          },
        ],
      },
      {
        heading: 'Pagamenti',
        body: [
          'Quando paghi, il modulo della carta appartiene al fornitore dei pagamenti, che può usare i propri cookie tecnici per prevenire le frodi.',
        ],
      },
      {
        heading: 'Come cancellarli',
        body: ['Puoi cancellare i cookie dalle impostazioni del browser: dovrai accedere di nuovo.'],
      },
    ],
  },
  contacts: {
    title: 'Contatti',
    intro: 'La biglietteria di Como 1907 ti aiuta con acquisti, titolari, tessera del tifoso e rimborsi.',
    updated: '2026-01-15',
    sections: [
      {
        heading: 'Biglietteria online',
        body: [
          'Scrivici indicando, se ce l’hai, il numero dell’ordine: ti rispondiamo entro un giorno lavorativo.',
          mail,
        ],
      },
      {
        heading: 'Biglietteria dello stadio',
        body: [
          'Stadio Giuseppe Sinigaglia, viale Giuseppe Sinigaglia, 22100 Como.',
          'Nei giorni di partita la biglietteria apre tre ore prima del calcio d’inizio.',
        ],
      },
    ],
  },
  help: {
    title: 'Aiuto',
    intro: 'Le risposte alle domande più frequenti. Se non trovi la tua, scrivici dalla pagina Contatti.',
    updated: '2026-01-15',
    sections: [
      {
        heading: 'Comprare i biglietti',
        faq: [
          {
            question: 'Come compro un biglietto?',
            answer: [
              'Apri Partite, scegli la partita, poi il settore e il blocco. Tocca i posti liberi sulla mappa (o usa «Migliori posti disponibili»), poi «Blocca i posti»: li teniamo per te 30 minuti. Procedi all’acquisto, indica i titolari, verificali e paga con la carta.',
            ],
          },
          {
            question: 'Quanti biglietti posso comprare?',
            answer: ['Per ogni partita c’è un limite di biglietti per acquirente, scritto nella pagina della partita. Ogni biglietto deve avere un titolare diverso.'],
          },
          {
            question: 'Il tempo per pagare è scaduto: cosa succede?',
            answer: ['I posti tornano in vendita e non ti addebitiamo nulla. Puoi sceglierli di nuovo, se sono ancora liberi.'],
          },
          {
            question: 'Il pagamento è stato rifiutato: posso riprovare?',
            answer: [
              'Sì, finché dura il tempo della prenotazione puoi riprovare, anche con un’altra carta. Una carta rifiutata non viene addebitata. Se la verifica 3-D Secure si interrompe (app della banca chiusa, telefono bloccato) torna all’ordine e paga di nuovo.',
            ],
          },
        ],
      },
      {
        heading: 'Biglietti nominativi',
        faq: [
          {
            question: 'Perché devo indicare nome, data di nascita e documento?',
            answer: [
              'In Italia i biglietti per le partite di calcio sono nominativi per legge. Il sistema di biglietteria verifica che ogni titolare possa ricevere il biglietto; ai varchi ti chiederanno il documento indicato.',
            ],
          },
          {
            question: 'Posso comprare biglietti per altre persone?',
            answer: [
              'Sì: indica i loro dati come titolari. Se uno dei biglietti è tuo, usa «È il mio biglietto» per compilare nome e cognome dal tuo account.',
            ],
          },
          {
            question: 'Dove trovo i miei biglietti?',
            answer: [
              'Nel tuo wallet, appena emessi: mostra il codice QR ai tornelli oppure scarica il PDF. Ti mandiamo anche un’e-mail di conferma.',
            ],
          },
        ],
      },
      {
        heading: 'Tessera del tifoso',
        faq: [
          {
            question: 'Mi serve la tessera del tifoso?',
            answer: [
              'Per alcune partite, e per alcuni settori come quello ospiti, la tessera del tifoso è obbligatoria: la pagina della partita lo dice. Registra la tua tessera nel menu dell’account, alla voce «Tessere del tifoso», prima di comprare, così la verifica dei titolari la trova.',
            ],
          },
          {
            question: 'La verifica dice che un titolare non può ricevere il biglietto.',
            answer: [
              'Il sistema di biglietteria può rifiutare un titolare, per esempio senza tessera del tifoso quando serve, con un divieto di accesso o con un altro biglietto per la stessa partita. Te lo diciamo prima del pagamento: cambia il titolare o togli quel biglietto.',
            ],
          },
        ],
      },
      {
        heading: 'Rimborsi',
        faq: [
          {
            question: 'Posso restituire un biglietto?',
            answer: [
              'No: per i biglietti di eventi in una data precisa la legge esclude il diritto di recesso. Se non puoi andare, scrivici: ti diciamo se per quella partita è possibile cambiare il titolare.',
            ],
          },
          {
            question: 'Ho pagato ma i biglietti non sono stati emessi.',
            answer: [
              'Se il sistema di biglietteria rifiuta l’emissione, l’ordine viene rimborsato per intero sulla stessa carta e te lo scriviamo nelle notifiche e per e-mail. Il rimborso arriva di solito in 5-10 giorni lavorativi, secondo la tua banca.',
            ],
          },
          {
            question: 'La partita è stata annullata o rinviata.',
            answer: [
              'Se la partita è annullata ti rimborsiamo. Se è rinviata il biglietto vale per la nuova data; il club comunica come chiedere il rimborso a chi non può partecipare.',
            ],
          },
        ],
      },
    ],
  },
};

export default content;
