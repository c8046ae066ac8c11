import type { RadiologyConfig } from '@portal/contract';
import { usePortalConfig } from '../../lib/config.tsx';
import { usePreservedLink } from '../../lib/shell-mode.ts';

export interface NavLinkSpec {
  id: 'home' | 'external-home' | 'about' | 'contact' | 'terms' | 'privacy';
  labelKey: string;
  href: string;
  external: boolean;
}

const staticPages = [
  { id: 'about', path: '/about', urlKey: 'aboutUrl' },
  { id: 'contact', path: '/contact', urlKey: 'contactUrl' },
  { id: 'terms', path: '/terms', urlKey: 'termsAndConditionsUrl' },
  { id: 'privacy', path: '/privacy', urlKey: 'privacyPolicyUrl' },
] as const satisfies ReadonlyArray<{
  id: NavLinkSpec['id'];
  path: string;
  urlKey: keyof RadiologyConfig;
}>;

/**
 * Home, then About, Contact, Terms and Privacy: each goes to its configured external URL when
 * set, otherwise to the internal page (with kioskMode/regionSlug preserved).
 */
export function useNavLinks({ externalHome = false } = {}): NavLinkSpec[] {
  const { radiology } = usePortalConfig();
  const link = usePreservedLink();
  const links: NavLinkSpec[] = [
    { id: 'home', labelKey: 'nav.home', href: link('/'), external: false },
  ];
  if (externalHome && radiology.homeUrl) {
    links.push({
      id: 'external-home',
      labelKey: 'nav.external_home',
      href: radiology.homeUrl,
      external: true,
    });
  }
  for (const page of staticPages) {
    const url = radiology[page.urlKey];
    links.push({
      id: page.id,
      labelKey: `nav.${page.id}`,
      href: url ?? link(page.path),
      external: url !== null,
    });
  }
  return links;
}
