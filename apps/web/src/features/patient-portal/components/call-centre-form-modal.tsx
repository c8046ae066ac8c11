import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from './form-modal.tsx';

/** The call centre's two forms' modal: a FormModal with the call centre's words. */
export function CallCentreFormModal(
  props: Omit<ComponentProps<typeof FormModal>, 'failureTitle' | 'labels'>,
) {
  const { t } = useTranslation();
  return (
    <FormModal
      {...props}
      failureTitle={t('call_centre.error.summary')}
      labels={{
        send: t('call_centre.send'),
        sending: t('call_centre.sending'),
        cancel: t('call_centre.cancel'),
      }}
    />
  );
}
