import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../api/client';
import { forgetAdmission } from './admission';
import { queuePath } from './paths';
import type { OnSaleType } from './room';

/** The hold paths' refusal while a room guards the on-sale and the fan has no valid admission. */
export const ADMISSION_REQUIRED = 'admission_required';

export function isAdmissionRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === ADMISSION_REQUIRED;
}

/**
 * For a hold request's `onError`: a 403 `admission_required` (no admission, an expired one, one
 * the room no longer honours) is no error to show but the way to the room's queue, coming back
 * to this page at the turn. The refused admission is forgotten, so it is never sent again.
 * Answers whether it was that refusal (the page shows nothing for it).
 */
export function useAdmissionRequired(type: OnSaleType, id: number): (error: unknown) => boolean {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (error) => {
    if (!isAdmissionRequired(error)) {
      return false;
    }
    const roomId = (error as ApiError).details.room_id;
    if (typeof roomId === 'number') {
      forgetAdmission(roomId);
    }
    void navigate(queuePath(type, id, `${pathname}${search}`));
    return true;
  };
}
