import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface SmartLinkProps {
  href: string;
  external?: boolean;
  className?: string;
  children: ReactNode;
  onClick?: () => void;
}

/**
 * A link that is a router link inside the portal and a plain anchor (new tab, announced as
 * such) when it leaves it.
 */
export function SmartLink({
  href,
  external = false,
  className,
  children,
  onClick,
}: SmartLinkProps) {
  const { t } = useTranslation();
  if (external) {
    return (
      <a
        href={href}
        className={className}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onClick}
      >
        {children} <span className="visually-hidden">{t('nav.opens_in_new_tab')}</span>
      </a>
    );
  }
  return (
    <Link to={href} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}
