import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import styles from './authentication.module.css';

/**
 * The authentication modals' frame (react-aria-components: focus moves into the dialog, is
 * trapped there and returns on close; Escape closes it, leaving the page's button to reopen).
 */
export function AccessModal({
  title,
  isOpen,
  onClose,
  children,
}: {
  title: ReactNode;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isKeyboardDismissDisabled={false}
    >
      <Modal className={styles.modal}>
        <Dialog className={styles.dialog}>
          <Heading slot="title" className={styles.dialogTitle}>
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
