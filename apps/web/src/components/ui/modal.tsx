import type { ReactNode, Ref } from 'react';
import {
  Modal as AriaModal,
  Dialog,
  type DialogProps,
  Heading,
  ModalOverlay,
} from 'react-aria-components';
import styles from './modal.module.css';

/**
 * How the patient may close the modal besides its own controls: Escape or a click outside
 * ('any'), Escape only ('escape'), or neither ('static', the spec's error and questionnaire
 * modals and a kiosk not yet named).
 */
export type ModalDismiss = 'any' | 'escape' | 'static';

/**
 * The panel's width: the portal's own ('default' 34rem, 'wide' 36rem), or Bootstrap's modal
 * sizes, which a questionnaire's modalSize names (docs/product/questionnaires.md#the-modal); those
 * are drawn as Bootstrap draws them, nearer the screen's edges and with tighter padding and a
 * smaller title.
 */
export type ModalSize = 'default' | 'wide' | 'sm' | 'md' | 'lg' | 'xl';

const bootstrapSizes = new Set<ModalSize>(['sm', 'md', 'lg', 'xl']);

/**
 * Every modal dialog of the portal (react-aria-components: focus moves into the dialog, is
 * trapped there and returns on close; the page behind is hidden from screen readers). It
 * draws the dimmed overlay, the white panel with its coloured top edge, the title (which
 * names the dialog), the content and an optional row of actions.
 */
export function Modal({
  isOpen,
  onClose,
  title,
  children,
  actions,
  dismiss = 'escape',
  size = 'default',
  tone = 'default',
  role = 'dialog',
  layer = 'default',
  eyebrow,
  closeLabel,
  dialogRef,
  dialogProps,
}: {
  isOpen: boolean;
  /** Escape or a click outside (as `dismiss` allows), or the close control. */
  onClose?: (() => void) | undefined;
  title: ReactNode;
  children?: ReactNode;
  /** The dialog's buttons, in a row under the content. */
  actions?: ReactNode;
  dismiss?: ModalDismiss;
  size?: ModalSize;
  /** The top edge's colour; an error's title is red too. */
  tone?: 'default' | 'error' | 'warning';
  /** 'alertdialog' for a dialog that interrupts to warn or ask (WAI-ARIA APG). */
  role?: 'dialog' | 'alertdialog';
  /** 'top': above every other modal, whatever is open (the kiosk's own). */
  layer?: 'default' | 'top';
  /** A line above the title ("2 of 3"). */
  eyebrow?: ReactNode;
  /** With a label, a × control beside the title that calls onClose. */
  closeLabel?: string | undefined;
  dialogRef?: Ref<HTMLElement> | undefined;
  /** More attributes for the dialog element (aria-describedby, data-*). */
  dialogProps?: Omit<DialogProps, 'children' | 'className' | 'role' | 'ref'> &
    Record<`data-${string}`, string | undefined>;
}) {
  const bootstrap = bootstrapSizes.has(size);
  const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');
  return (
    <ModalOverlay
      className={classes(
        styles.overlay,
        bootstrap && styles.overlayBootstrap,
        layer === 'top' && styles.overlayTop,
      )}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose?.();
      }}
      isDismissable={dismiss === 'any'}
      isKeyboardDismissDisabled={dismiss === 'static'}
    >
      <AriaModal className={classes(styles.modal, size !== 'default' && styles[size])}>
        <Dialog
          // Marks an open modal for the iframe shell, which grows to hold it (layouts.module.css).
          data-portal-modal=""
          {...dialogProps}
          ref={dialogRef}
          role={role}
          className={classes(
            styles.dialog,
            bootstrap && styles.dialogBootstrap,
            tone === 'error' && styles.dialogError,
            tone === 'warning' && styles.dialogWarning,
          )}
        >
          <div className={styles.header}>
            <div>
              {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
              <Heading slot="title" className={styles.title}>
                {title}
              </Heading>
            </div>
            {closeLabel ? (
              <button
                type="button"
                className={styles.close}
                aria-label={closeLabel}
                onClick={() => onClose?.()}
              >
                <span aria-hidden="true">×</span>
              </button>
            ) : null}
          </div>
          {children}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
