import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { goToUrl } from '../model/go-to-url.ts';

/** goToUrl (model/go-to-url.ts) with the page's router. */
export function useGoTo() {
  const navigate = useNavigate();
  return useCallback(
    (url: string, options: { replace?: boolean } = {}) => goToUrl(navigate, url, options),
    [navigate],
  );
}
