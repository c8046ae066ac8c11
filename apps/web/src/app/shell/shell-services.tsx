import { KeepaliveGate } from '../../features/keepalive/index.ts';
import { CancelOnBookingNavigation } from '../providers/booking-navigation.tsx';

/**
 * The shell's services that start with the first input (after-first-input.tsx; layouts.tsx
 * loads this module then): the keepalive, counting that input as activity, and the cancelling
 * of abandoned reads on navigation to a booking route.
 */
export function ShellServices() {
  return (
    <>
      <KeepaliveGate activeAtStart />
      <CancelOnBookingNavigation />
    </>
  );
}
