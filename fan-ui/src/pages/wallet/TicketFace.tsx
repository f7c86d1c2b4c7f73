import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import { QRCodeSVG } from 'qrcode.react';
import { Suspense, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FactList } from '../../components/FactList';
import { TicketHeading } from '../../components/TicketHeading';
import type { PhonePasses } from '../../orders/wallet';
import type { FixtureRef } from '../../../../api-types';
import { PhoneWalletPasses } from './PhoneWalletPasses';

interface TicketFaceProps {
  /**
   * Names its test ids: `ticket-{id}`, `ticket-qr-{id}`, `download-pdf-{id}`, and its passes'
   * (`apple-pass-{id}`, `google-pass-{id}`).
   */
  id: string | number;
  fixture: FixtureRef;
  seat: string;
  /** Its state, where it came from (chips beside the match). */
  aside: ReactNode;
  barcode: string;
  /** A used or cancelled ticket's code opens no turnstile: shown, but faded. */
  faded: boolean;
  facts: [string, string][];
  /** Its PDF, in the fan's language. */
  pdfHref: string;
  /** Its phone wallet passes, beside the PDF: a valid ticket's only. */
  passes?: PhonePasses;
  /** More to do with it, after the PDF. */
  actions?: ReactNode;
}

/**
 * A ticket as shown at the turnstiles: the match and seat, the QR code of its barcode, its facts,
 * its PDF and, for a valid one, its phone wallet passes.
 */
export function TicketFace({ id, fixture, seat, aside, barcode, faded, facts, pdfHref, passes, actions }: TicketFaceProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const seatId = useId();
  return (
    <Card component="article" aria-labelledby={`${titleId} ${seatId}`} data-testid={`ticket-${id}`} sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <TicketHeading fixture={fixture} seat={seat} titleId={titleId} seatId={seatId} aside={aside} />
        <Box sx={{ justifySelf: 'center', p: 1.5, bgcolor: '#fff', borderRadius: 1, opacity: faded ? 0.35 : 1 }}>
          <QRCodeSVG
            value={barcode}
            size={192}
            level="M"
            marginSize={2}
            role="img"
            aria-label={t('wallet.qr', { seat })}
            data-testid={`ticket-qr-${id}`}
            data-barcode={barcode}
          />
        </Box>
        <FactList facts={facts} />
      </CardContent>
      <CardActions disableSpacing sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button
          component="a"
          href={pdfHref}
          download
          variant="outlined"
          startIcon={<PictureAsPdfOutlinedIcon />}
          data-testid={`download-pdf-${id}`}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          {t('wallet.downloadPdf')}
        </Button>
        {passes !== undefined && (
          // Their words come with the season tickets': the ticket does not wait for them.
          <Suspense fallback={null}>
            <PhoneWalletPasses passes={passes} name={fixture.title} testId={id} />
          </Suspense>
        )}
        {actions}
      </CardActions>
    </Card>
  );
}
