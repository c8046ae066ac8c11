import { useTranslation } from 'react-i18next';
import buttons from '../../../components/ui/button.module.css';
import { Card } from '../../../components/ui/page.tsx';
import {
  questionnaireDocumentUrl,
  useQuestionnaireDocumentStatus,
} from '../api/questionnaire-document-api.ts';
import styles from './patient-portal.module.css';

/**
 * The appointment page's answers document (docs/product/questionnaires.md#answers-document):
 * shown only once the booking has an answered questionnaire. Nothing while it loads or when
 * the count cannot be read: the rest of the page does not depend on it.
 */
export function QuestionnaireAnswersSection({ bookingKey }: { bookingKey: string }) {
  const { t } = useTranslation();
  const status = useQuestionnaireDocumentStatus(bookingKey);
  if (!status.data || status.data.answeredQuestionnaires === 0) return null;
  const headingId = 'questionnaire-answers-heading';
  return (
    <Card labelledBy={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        {t('questionnaire_document.title')}
      </h2>
      <p>{t('questionnaire_document.intro')}</p>
      {/* The visible words name the file type, so the link's name says it downloads a PDF. */}
      <a className={buttons.secondaryButton} href={questionnaireDocumentUrl(bookingKey)} download>
        {t('questionnaire_document.download')}
      </a>
    </Card>
  );
}
