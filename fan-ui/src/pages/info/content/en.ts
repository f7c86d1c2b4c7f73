import { TICKET_OFFICE_EMAIL, type InfoContent } from './types';

const mail = { label: TICKET_OFFICE_EMAIL, href: `mailto:${TICKET_OFFICE_EMAIL}` };

/** The information pages in English. */
const content: InfoContent = {
  privacy: {
    title: 'Privacy notice',
    intro:
      'How we handle your personal data when you create an account, buy tickets and use the wallet, under Regulation (EU) 2016/679 (GDPR).',
    updated: '2026-01-15',
    sections: [
      {
        heading: 'Data controller',
        body: ['The data controller is Como 1907, which runs the club’s online ticket office.', 'For any request about your data write to:', mail],
      },
      {
        heading: 'What data we process',
        body: [
          {
            list: [
              'Account data: e-mail address, name, display name, preferred language and the consents you chose.',
              'Ticket holders’ data: first and last name, date and place of birth, document type and number, and sex when a fare needs it. Italian law requires named tickets for football matches.',
              'Supporter card data, if you add your card to your account.',
              'Purchase data: orders, seats, prices, payment outcome and the tickets issued.',
              'Technical data: IP address and sign-in times, used for security and to limit abusive attempts.',
            ],
          },
          'Your card details go straight to the payment provider: they never pass through our servers and we do not keep them.',
        ],
      },
      {
        heading: 'Why we process it, and on what basis',
        body: [
          {
            list: [
              'Selling and issuing tickets, and handling refunds and support: performance of the contract.',
              'Naming holders, checking they may attend (for example stadium bans) and passing their data to the authorised ticketing system: legal obligation.',
              'Protecting your account and the service from abuse: legitimate interest.',
              'Marketing, profiling and sharing with the club’s partners: only with your consent, which you can withdraw at any time from your account.',
            ],
          },
        ],
      },
      {
        heading: 'Who we share it with',
        body: [
          'The operator of the ticketing system that issues the tickets, the payment provider, the e-mail delivery service and, when the law requires it, the public security authorities. We do not sell your data.',
        ],
      },
      {
        heading: 'How long we keep it',
        body: [
          'Account data is kept while the account is active. Purchase and holder data is kept for as long as tax and stadium-safety rules require (usually ten years for accounting records). Technical sign-in data is deleted after a few days.',
        ],
      },
      {
        heading: 'Your rights',
        body: [
          'You can ask to access, correct or delete your data, to restrict or object to its processing, and to receive it in a portable format. You can withdraw consents from your account. If you believe your data is mishandled you can complain to the Italian data protection authority, the Garante per la protezione dei dati personali (www.garanteprivacy.it).',
        ],
      },
    ],
  },
  terms: {
    title: 'Terms of sale',
    intro: 'The rules that apply when you buy tickets from Como 1907’s online ticket office.',
    updated: '2026-01-15',
    sections: [
      {
        heading: 'Named tickets',
        body: [
          'Every ticket is in the name of one person (the holder), as the law requires. The holder must show a valid identity document at the gates: the one given when buying.',
          'One person may have one seat per match. For some matches the ticketing system may refuse a holder (for example because of a stadium ban): we tell you before you pay.',
        ],
      },
      {
        heading: 'Holding seats',
        body: [
          'When you hold seats we keep them for you for 30 minutes: name the holders and pay within that time. When it runs out the seats go back on sale. Each match has a maximum number of tickets per buyer, shown on the match page.',
        ],
      },
      {
        heading: 'Prices and reduced fares',
        body: [
          'Prices are in euros, VAT included. The full price is the one shown on the map; reduced fares (for example Under 14, Over 65, Women) are chosen for each holder and apply only if the holder qualifies on the match day. Proof may be asked for at the gates.',
        ],
      },
      {
        heading: 'Payment and issue',
        body: [
          'You pay by credit or debit card; your bank may ask for 3-D Secure. Once paid, the tickets are issued by the ticketing system and appear in your wallet, with the QR code and a PDF to download; we also send you an e-mail.',
          'If the tickets cannot be issued, the order is refunded in full to the same card and we let you know.',
        ],
      },
      {
        heading: 'Withdrawal and refunds',
        body: [
          'Under article 59 of the Italian Consumer Code, the right of withdrawal does not apply to leisure services on a specific date: a ticket you have bought cannot be returned.',
          'If the match is cancelled or played behind closed doors, the ticket is refunded. If it is postponed, the ticket is valid for the new date; the club announces how fans who cannot attend may ask for a refund.',
        ],
      },
      {
        heading: 'At the stadium',
        body: [
          'By entering the stadium you accept its rules of use. A ticket is valid for one entry, through the gate shown on it. A used or cancelled ticket, or one passed on without changing the holder, gives no entry.',
        ],
      },
    ],
  },
  cookies: {
    title: 'Cookie notice',
    intro: 'Which cookies and browser storage the online ticket office uses, and why.',
    updated: '2026-01-15',
    sections: [
      {
        heading: 'Technical cookies only',
        body: [
          'We use only technical cookies and storage, needed for the site to work. We use no profiling cookies and no third-party analytics, which is why we do not ask for consent.',
          {
            list: [
              'lario_session: keeps you signed in; deleted when you sign out or the session ends.',
              'lario_csrf: protects your purchases from requests sent by other sites.',
              'lario.language (browser storage): remembers the language you chose.',
            ],
          },
        ],
      },
      {
        heading: 'Payments',
        body: ['When you pay, the card form belongs to the payment provider, which may use its own technical cookies to prevent fraud.'],
      },
      {
        heading: 'How to delete them',
        body: ['You can delete cookies in your browser’s settings: you will need to sign in again.'],
      },
    ],
  },
  contacts: {
    title: 'Contacts',
    intro: 'Como 1907’s ticket office helps with purchases, holders, supporter cards and refunds.',
    updated: '2026-01-15',
    sections: [
      {
        heading: 'Online ticket office',
        body: ['Write to us, with your order number if you have one: we answer within one working day.', mail],
      },
      {
        heading: 'Stadium ticket office',
        body: [
          'Stadio Giuseppe Sinigaglia, viale Giuseppe Sinigaglia, 22100 Como, Italy.',
          'On match days the ticket office opens three hours before kick-off.',
        ],
      },
    ],
  },
  help: {
    title: 'Help',
    intro: 'Answers to the most frequent questions. If yours is not here, write to us from the Contacts page.',
    updated: '2026-01-15',
    sections: [
      {
        heading: 'Buying tickets',
        faq: [
          {
            question: 'How do I buy a ticket?',
            answer: [
              'Open Matches, choose the match, then the sector and the block. Tap free seats on the map (or use “Best available”), then “Hold seats”: we keep them for you for 30 minutes. Go to checkout, name the holders, check them and pay by card.',
            ],
          },
          {
            question: 'How many tickets can I buy?',
            answer: ['Each match has a limit of tickets per buyer, shown on the match page. Each ticket must have a different holder.'],
          },
          {
            question: 'The time to pay ran out: what happens?',
            answer: ['The seats go back on sale and you are not charged. You can choose them again if they are still free.'],
          },
          {
            question: 'My payment was declined: can I try again?',
            answer: [
              'Yes, while the hold lasts you can try again, with another card too. A declined card is not charged. If 3-D Secure was interrupted (banking app closed, phone locked), go back to the order and pay again.',
            ],
          },
        ],
      },
      {
        heading: 'Named tickets',
        faq: [
          {
            question: 'Why must I give a name, birth date and document?',
            answer: [
              'In Italy, tickets for football matches are named by law. The ticketing system checks that each holder may receive a ticket; at the gates you will be asked for the document you gave.',
            ],
          },
          {
            question: 'Can I buy tickets for other people?',
            answer: ['Yes: give their details as holders. If one of the tickets is yours, use “It’s me” to fill in your names from your account.'],
          },
          {
            question: 'Where are my tickets?',
            answer: ['In your wallet as soon as they are issued: show the QR code at the turnstiles or download the PDF. We also send you a confirmation e-mail.'],
          },
        ],
      },
      {
        heading: 'Supporter card',
        faq: [
          {
            question: 'Do I need a supporter card?',
            answer: [
              'For some matches, and some sectors such as the away end, a supporter card is required: the match page says so. Add your card in the account menu, under “Supporter cards”, before buying, so that the holder check finds it.',
            ],
          },
          {
            question: 'The check says a holder cannot receive a ticket.',
            answer: [
              'The ticketing system may refuse a holder, for example without a supporter card when one is needed, with a stadium ban, or with another ticket for the same match. We tell you before you pay: change the holder or drop that ticket.',
            ],
          },
        ],
      },
      {
        heading: 'Refunds',
        faq: [
          {
            question: 'Can I return a ticket?',
            answer: [
              'No: for tickets to events on a specific date the law excludes the right of withdrawal. If you cannot go, write to us: we will tell you whether the holder can be changed for that match.',
            ],
          },
          {
            question: 'I paid but my tickets were not issued.',
            answer: [
              'If the ticketing system refuses to issue them, the order is refunded in full to the same card and we tell you in your notifications and by e-mail. The refund usually arrives within 5-10 working days, depending on your bank.',
            ],
          },
          {
            question: 'The match was cancelled or postponed.',
            answer: [
              'If the match is cancelled we refund you. If it is postponed the ticket is valid for the new date; the club announces how fans who cannot attend may ask for a refund.',
            ],
          },
        ],
      },
    ],
  },
};

export default content;
