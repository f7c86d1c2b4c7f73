import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { addPreemptionCode } from '../api/preemption';
import type { PhaseTarget } from '../phases/types';
import { addFailure, CODES, codeTarget, type CodeField } from './types';

/**
 * "Aggiungi": one card number or fiscal seal and its sectors, added to the target's list
 * (`POST /api/admin/preemption-codes`). A right listed already, not a card or a seal, or sectors
 * the stadium lacks are said under the input they are about.
 */
export function AddPreemptionCodeForm({ target }: { target: PhaseTarget }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [right, setRight] = useState('');
  const [sectors, setSectors] = useState('');
  const [errors, setErrors] = useState<Partial<Record<CodeField, string>>>({});

  const adding = useMutation({
    mutationFn: () =>
      addPreemptionCode({
        ...codeTarget(target),
        fidelity_card_number_or_fiscal_seal: right.trim(),
        sector_code: sectors.trim(),
      }),
    onSuccess: (code) => {
      notify(`${CODES}.notifications.added`, {
        type: 'success',
        messageArgs: { right: code.fidelity_card_number_or_fiscal_seal },
      });
      setRight('');
      setSectors('');
      setErrors({});
      void queryClient.invalidateQueries({ queryKey: ['preemption-codes'] });
    },
    onError: (error) => {
      const failure = addFailure(error);
      setErrors(failure.fields);
      if (failure.notice !== undefined) {
        notify(failure.notice, { type: 'error' });
      }
    },
  });

  const ready = right.trim() !== '' && sectors.trim() !== '' && !adding.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) {
      adding.mutate();
    }
  };
  const change = (field: CodeField, set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors((current) => {
      const next = { ...current };
      delete next[field];
      return next;
    });
  };
  const field = (name: CodeField) => ({
    name,
    label: translate(`${CODES}.fields.${name}`),
    error: errors[name] !== undefined,
    size: 'small' as const,
    required: true,
  });

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
      <TextField
        {...field('fidelity_card_number_or_fiscal_seal')}
        value={right}
        onChange={(event) => change('fidelity_card_number_or_fiscal_seal', setRight)(event.target.value)}
        helperText={errors.fidelity_card_number_or_fiscal_seal === undefined ? ' ' : translate(errors.fidelity_card_number_or_fiscal_seal)}
        sx={{ width: 280, maxWidth: '100%' }}
      />
      <TextField
        {...field('sector_code')}
        value={sectors}
        onChange={(event) => change('sector_code', setSectors)(event.target.value)}
        helperText={translate(errors.sector_code ?? `${CODES}.add.sectors_help`)}
        sx={{ width: 320, maxWidth: '100%' }}
      />
      <Button type="submit" variant="contained" startIcon={<AddIcon />} disabled={!ready} sx={{ mt: 0.25 }}>
        {translate(`${CODES}.add.submit`)}
      </Button>
    </Box>
  );
}
