import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import { QRCodeSVG } from 'qrcode.react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FactList } from '../../components/FactList';
import { TicketHeading } from '../../components/TicketHeading';
import type { FixtureRef } from '../../../../api-types';

interface TicketFaceProps {
  /** Names its test ids: `ticket-{id}`, `ticket-qr-{id}`, `download-pdf-{id}`. */
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
  /** More to do with it, after the PDF. */
  actions?: ReactNode;
}

/** A ticket as shown at the turnstiles: the match and seat, the QR code of its barcode, its facts, its PDF. */
export function TicketFace({ id, fixture, seat, aside, barcode, faded, facts, pdfHref, actions }: TicketFaceProps) {
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
        {actions}
      </CardActions>
    </Card>
  );
}
