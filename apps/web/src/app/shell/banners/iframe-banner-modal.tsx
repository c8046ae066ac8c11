import { useTranslation } from 'react-i18next';
import buttons from '../../../components/ui/button.module.css';
import { Modal } from '../../../components/ui/modal.tsx';
import { SanitizedHtml } from '../../../components/ui/sanitized-html.tsx';
import { usePortalConfig } from '../../../lib/config.tsx';

/**
 * The iframe banner modal (spec 2 §2; docs/product/embedding.md#the-banner): under /iframe/ the
 * provider's HTML banner is a dialog, because a strip across the top of a frame sized to its
 * content would sit in the provider's page like part of it, with no header to belong to.
 * Closing it (Close, ×, Escape or a click outside) is the strip's close: the same cookie.
 * bannerPositionCss places the strip only; the dialog is placed as every modal in a frame.
 */
export default function IframeBannerModal({
  message,
  onClose,
}: {
  message: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { radiology } = usePortalConfig();
  return (
    <Modal
      isOpen
      onClose={onClose}
      dismiss="any"
      title={t('message.banner_modal_title', { name: radiology.name })}
      closeLabel={t('action.dismiss_banner')}
      actions={
        <button type="button" className={buttons.button} onClick={onClose}>
          {t('action.close')}
        </button>
      }
    >
      <SanitizedHtml html={message} />
    </Modal>
  );
}
