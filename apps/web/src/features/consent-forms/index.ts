/**
 * Consent forms (docs/product/consent-forms.md): the appointment page's section listing the
 * forms its appointments need, signing them in the SurveyJS modal and viewing a signed one.
 * The appointment page imports this module on demand (its initial JS budget).
 */
export { ConsentFormsSection } from './components/consent-forms-section.tsx';
