import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import styles from './booking.module.css';

/**
 * A modal dialog (react-aria-components: focus is trapped inside, returned on close). A
 * static modal (the error modal, spec 2 §2) closes only through its own buttons: neither a
 * click outside nor Escape dismisses it.
 */
export function BookingModal({
  title,
  isOpen,
  onClose,
  children,
  actions,
  variant = 'default',
  isStatic = false,
}: {
  title: ReactNode;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
  actions: ReactNode;
  variant?: 'default' | 'error' | 'warning';
  isStatic?: boolean;
}) {
  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable={!isStatic}
      isKeyboardDismissDisabled={isStatic}
    >
      <Modal className={styles.modal}>
        <Dialog
          className={`${styles.dialog} ${variant === 'error' ? styles.dialogError : ''} ${variant === 'warning' ? styles.dialogWarning : ''}`}
          role={variant === 'error' ? 'alertdialog' : 'dialog'}
        >
          <Heading slot="title" className={styles.dialogTitle}>
            {title}
          </Heading>
          <div className={styles.dialogBody}>{children}</div>
          <div className={styles.dialogActions}>{actions}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
