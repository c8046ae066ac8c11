/**
 * The query parameter the booking completion's "Update my details" link sets
 * (`?updateDetails=CONFIRMATION`): the page opens the details form at once, as a confirmation.
 */
export const updateDetailsParam = 'updateDetails';

/** Whether a page's query (location.search) asks for the details form. */
export const asksForDetailsForm = (search: string) =>
  new URLSearchParams(search).has(updateDetailsParam);
