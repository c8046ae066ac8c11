import { useEffect } from 'react';
import { usePortalConfig } from '../../lib/config.tsx';
import { applyHead } from './apply-head.ts';

/** Keeps <head> in step with the loaded configuration. Renders nothing. */
export function HeadManager() {
  const config = usePortalConfig();
  useEffect(() => applyHead(config), [config]);
  return null;
}
