import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { feedbackRedirectDelayMs, type RedirectTarget } from '../model/feedback-reference.ts';
import { leavePortal } from '../model/leave-portal.ts';

/**
 * Spec 1 §4, §9: once feedback is provided, 4000 ms on the success state, then the redirecting
 * state and the redirect. `target` null (none configured): no redirect, the page stays.
 */
export function useRedirectAfterFeedback(
  target: RedirectTarget | null,
  provided: boolean,
  onRedirecting: () => void,
): void {
  const navigate = useNavigate();
  const kind = target?.kind;
  const to = target?.kind === 'portal' ? target.path : target?.url;
  useEffect(() => {
    if (!provided || !kind || !to) return;
    const timer = window.setTimeout(() => {
      onRedirecting();
      if (kind === 'portal') void navigate(to, { replace: true });
      else leavePortal(to);
    }, feedbackRedirectDelayMs);
    return () => window.clearTimeout(timer);
  }, [provided, kind, to, navigate, onRedirecting]);
}
