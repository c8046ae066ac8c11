import { imageViewerErrorCodes, imageViewerMessages } from '@portal/contract';
import { isApiError } from '../../../lib/api-client.ts';

/**
 * The external radiologist's form (spec 1 §5, §6; docs/product/image-viewer-web.md#referrer-access):
 * input (the link's token or an accession number), username and email, all required. Checked
 * here as the contract's imageViewerDirectRequestSchema does, without zod in this chunk.
 */
export interface DirectAccessForm {
  input: string;
  username: string;
  email: string;
}

export const inputMaxLength = 4096;
export const usernameMaxLength = 100;
export const emailMaxLength = 254;

// The shape browsers accept for type="email" (WHATWG), which the server's check also admits.
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** The request body once every field is valid, else null (the submit button stays disabled). */
export function directAccessRequest(form: DirectAccessForm): DirectAccessForm | null {
  const input = extractImsec(form.input.trim());
  const username = form.username.trim();
  const email = form.email.trim();
  if (input.length < 1 || input.length > inputMaxLength) return null;
  if (username.length < 1 || username.length > usernameMaxLength) return null;
  if (email.length > emailMaxLength || !emailPattern.test(email)) return null;
  return { input, username, email };
}

/**
 * A pasted viewer link works as well as its token: the imsec is taken from its query.
 * Anything else (a token, an accession number) is sent as typed.
 */
export function extractImsec(value: string): string {
  if (!/^https?:\/\//i.test(value)) return value;
  try {
    return new URL(value).searchParams.get('imsec') ?? value;
  } catch {
    return value;
  }
}

/** The message for a refused or failed request (spec 1 §8). */
export function directAccessFailure(error: unknown): string {
  return isApiError(error) && error.code === imageViewerErrorCodes.userNotHaveAccessToImages
    ? imageViewerMessages.userNotHaveAccessToImages
    : imageViewerMessages.errorGeneratingImagesUrl;
}
