import { callCentreErrorCodes } from '@portal/contract';

/**
 * The call-centre forms' rules in the browser (the server checks them again): what is missing
 * or wrong, as translation keys, and the server's refusal in the patient's words.
 */

export interface MessageForm {
  topic: string;
  message: string;
}

export type MessageErrors = Partial<Record<keyof MessageForm, string>>;

export function messageErrors(form: MessageForm, maxLength: number): MessageErrors {
  const errors: MessageErrors = {};
  if (!form.topic) errors.topic = 'call_centre.error.topic_required';
  if (!form.message.trim()) errors.message = 'call_centre.error.message_required';
  else if (form.message.trim().length > maxLength)
    errors.message = 'call_centre.error.message_too_long';
  return errors;
}

export interface WindowForm {
  date: string;
  from: string;
  to: string;
  /** The form's own identity of a window (React's key), never sent. */
  key?: number;
}

export interface CallbackForm {
  phone: string;
  windows: WindowForm[];
  reason: string;
}

export interface CallbackErrors {
  phone?: string;
  windows: Array<string | undefined>;
}

/** The contract's phone rule: digits with an optional leading +, spaces and ( ) - removed. */
export const normalisedPhone = (phone: string) => phone.replace(/[\s()-]/g, '');
const phonePattern = /^\+?\d{8,15}$/;

export function callbackErrors(form: CallbackForm): CallbackErrors {
  return {
    phone: phonePattern.test(normalisedPhone(form.phone))
      ? undefined
      : 'call_centre.error.phone_invalid',
    windows: form.windows.map((window) => {
      if (!window.date) return 'call_centre.error.date_required';
      if (!window.from || !window.to) return 'call_centre.error.time_required';
      if (window.to <= window.from) return 'call_centre.error.time_order';
      return undefined;
    }),
  };
}

export const hasCallbackErrors = (errors: CallbackErrors) =>
  Boolean(errors.phone) || errors.windows.some(Boolean);

/** The server's refusal as a translation key (the limit, the opening hours, anything else). */
export function refusalKey(code: string | null): string {
  switch (code) {
    case callCentreErrorCodes.dailyLimitReached:
      return 'call_centre.error.limit_reached';
    case callCentreErrorCodes.windowOutsideOpeningHours:
      return 'call_centre.error.outside_hours';
    case callCentreErrorCodes.messageTooLong:
      return 'call_centre.error.message_too_long';
    default:
      return 'call_centre.error.failed';
  }
}
