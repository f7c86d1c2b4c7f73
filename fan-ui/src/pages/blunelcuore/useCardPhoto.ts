import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { useForgetEndedSession } from '../../auth/useSession';
import { isPhotoCode, PHOTO_MAX_BYTES, PHOTO_TYPES, previewCardPhoto, readAsBase64, type PhotoCode } from '../../cards/applications';

/** A photo the API took: what is sent with the application, and its preview's address. */
export interface CardPhoto {
  base64: string;
  /** The photo as the card prints it (an object URL of the API's JPEG). */
  url: string;
}

/** Why there is no photo: the API's code, or this page's own check; or another failure (the network). */
export type PhotoFailure = PhotoCode | 'photo_wrong_type' | 'photo_unreadable' | { error: unknown };

interface PhotoState {
  photo: CardPhoto | null;
  failure: PhotoFailure | null;
  pending: boolean;
}

const NONE: PhotoState = { photo: null, failure: null, pending: false };

/**
 * The holder's photo: a chosen file is checked here (JPEG or PNG, 5 MB at most), then sent to
 * the API, which answers it as the card prints it (`POST /api/me/supporter-card-photo`, nothing
 * stored) or says why it will not do.
 */
export function useCardPhoto() {
  const forgetEndedSession = useForgetEndedSession();
  const [state, setState] = useState<PhotoState>(NONE);
  // Only the last file chosen counts: an earlier one's answer coming late is dropped.
  const latest = useRef(0);

  const choose = useCallback(
    async (file: File) => {
      const attempt = ++latest.current;
      if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) {
        setState({ ...NONE, failure: 'photo_wrong_type' });
        return;
      }
      if (file.size > PHOTO_MAX_BYTES) {
        setState({ ...NONE, failure: 'photo_too_large' });
        return;
      }
      setState({ ...NONE, pending: true });
      let base64: string;
      try {
        base64 = await readAsBase64(file);
      } catch {
        if (attempt === latest.current) {
          setState({ ...NONE, failure: 'photo_unreadable' });
        }
        return;
      }
      try {
        const image = await previewCardPhoto(base64);
        if (attempt === latest.current) {
          setState({ ...NONE, photo: { base64, url: URL.createObjectURL(image) } });
        }
      } catch (error) {
        forgetEndedSession(error);
        if (attempt === latest.current) {
          const code = error instanceof ApiError ? (error.fieldErrors.photo_base64 ?? error.code) : undefined;
          setState({ ...NONE, failure: isPhotoCode(code) ? code : { error } });
        }
      }
    },
    [forgetEndedSession],
  );

  /** No photo, and why (nothing chosen yet; the API refused the one sent with the application). */
  const refuse = useCallback((failure: PhotoFailure) => {
    latest.current += 1;
    setState({ ...NONE, failure });
  }, []);

  /** As at the start: no photo, nothing to say. */
  const reset = useCallback(() => {
    latest.current += 1;
    setState(NONE);
  }, []);

  // A preview's image is let go once another replaces it, or the page closes.
  const url = state.photo?.url;
  useEffect(() => {
    if (url === undefined) {
      return undefined;
    }
    return () => URL.revokeObjectURL(url);
  }, [url]);

  return { ...state, choose, refuse, reset };
}
