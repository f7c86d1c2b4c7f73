import { useState } from 'react';
import type { CodeSent, SignedIn } from '../../../../api-types';
import { CodeForm } from './CodeForm';
import { EmailForm } from './EmailForm';
import { LinkSentNotice } from './LinkSentNotice';

type Step =
  | { name: 'email' }
  | { name: 'code'; email: string; sent: CodeSent; sentAt: number }
  | { name: 'linkSent'; email: string };

/** Signing in by e-mail: the address first, then the code (or the notice that a link is on its way). */
export function EmailSignIn({ onSignedIn }: { onSignedIn: (signedIn: SignedIn) => void }) {
  const [step, setStep] = useState<Step>({ name: 'email' });
  const [email, setEmail] = useState('');

  switch (step.name) {
    case 'email':
      return (
        <EmailForm
          initialEmail={email}
          onCodeSent={(address, sent) => {
            setEmail(address);
            setStep({ name: 'code', email: address, sent, sentAt: Date.now() });
          }}
          onLinkSent={(address) => {
            setEmail(address);
            setStep({ name: 'linkSent', email: address });
          }}
        />
      );
    case 'code':
      return (
        <CodeForm
          email={step.email}
          sentAt={step.sentAt}
          onResent={(sent) => setStep({ ...step, sent, sentAt: Date.now() })}
          onChangeEmail={() => setStep({ name: 'email' })}
          onSignedIn={onSignedIn}
        />
      );
    case 'linkSent':
      return <LinkSentNotice email={step.email} onBack={() => setStep({ name: 'email' })} />;
  }
}
