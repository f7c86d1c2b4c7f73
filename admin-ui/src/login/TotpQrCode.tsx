import { QRCodeSVG } from 'qrcode.react';

/**
 * The otpauth URL as a QR code for the authenticator app to scan: an SVG drawn by React, no
 * image fetched. Its own module, loaded only on the enrolment step (React.lazy), so the QR
 * library is not in the first page's bundle.
 */
export default function TotpQrCode({ value, label }: { value: string; label: string }) {
  return (
    <QRCodeSVG
      value={value}
      size={184}
      // The quiet zone the QR specification asks for: phones read it on any background.
      marginSize={4}
      level="M"
      role="img"
      aria-label={label}
    />
  );
}
