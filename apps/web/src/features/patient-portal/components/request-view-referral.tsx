import { useMemo } from 'react';
import { HeaderAction } from '../../../lib/header-actions.tsx';
import type { AttachmentTarget } from '../api/attachments-api.ts';
import { ViewReferral } from './view-referral.tsx';

/**
 * The booking request page's View referral, in the header (docs/product/attachments.md). Loaded
 * with the page, apart from the Documents section, which waits until it is near (decision 026):
 * the header's control shows at once.
 */
export function RequestViewReferral({ bookingKey }: { bookingKey: string }) {
  const target = useMemo<AttachmentTarget>(
    () => ({ kind: 'booking-request', bookingKey }),
    [bookingKey],
  );
  return (
    <HeaderAction>
      <ViewReferral target={target} />
    </HeaderAction>
  );
}
