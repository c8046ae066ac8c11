import { useId, useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import {
  type KioskIdentity,
  kioskNameMaxLength,
  saveKioskIdentity,
} from '../model/kiosk-identity.ts';
import styles from './kiosk.module.css';

/**
 * The kiosk identity modal (docs/product/kiosk.md#kiosk-identity): staff name the device once. The
 * name is required and Save stays disabled while it is empty. The first time there is nothing to
 * go back to, so the modal cannot be dismissed; a rename can be cancelled.
 */
export function KioskIdentityModal({
  isOpen,
  current,
  onSaved,
  onCancel,
}: {
  isOpen: boolean;
  current: KioskIdentity | null;
  onSaved: (identity: KioskIdentity) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const required = current === null;
  return (
    <Modal
      isOpen={isOpen}
      onClose={onCancel}
      dismiss={required ? 'static' : 'escape'}
      layer="top"
      title={t('kiosk.identity.title')}
    >
      <IdentityForm
        initialName={current?.name ?? ''}
        required={required}
        onSaved={onSaved}
        onCancel={onCancel}
      />
    </Modal>
  );
}

function IdentityForm({
  initialName,
  required,
  onSaved,
  onCancel,
}: {
  initialName: string;
  required: boolean;
  onSaved: (identity: KioskIdentity) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(initialName);
  const empty = name.trim() === '';
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        if (!empty) onSaved(saveKioskIdentity(name));
      }}
    >
      <p>{t('kiosk.identity.intro')}</p>
      <Field
        id={`${id}-name`}
        label={t('kiosk.identity.name_label')}
        hint={t('kiosk.identity.name_hint')}
        width="full"
      >
        {(control) => (
          <input
            {...control}
            type="text"
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            maxLength={kioskNameMaxLength}
            autoComplete="off"
            // biome-ignore lint/a11y/noAutofocus: the dialog's one field; focus moves into a dialog (WAI-ARIA APG).
            autoFocus
          />
        )}
      </Field>
      <div className={styles.dialogActions}>
        <Button type="submit" className={styles.primaryButton} isDisabled={empty}>
          {t('kiosk.identity.save')}
        </Button>
        {required ? null : (
          <Button className={styles.secondaryButton} onPress={onCancel}>
            {t('action.cancel')}
          </Button>
        )}
      </div>
    </Form>
  );
}
