import { imageViewerErrorCodes, imageViewerMessages } from '@portal/contract';
import type { NavigateFunction } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import { generateImageViewerLink } from '../api/image-viewer-api.ts';
import { goToUrl } from './go-to-url.ts';
import { linkOutcome } from './link-outcome.ts';

/**
 * A result's View images after the click (docs/product/image-viewer-web.md#from-the-results-page):
 * POST /api/image_viewer/generate for the accession number, then the link's page. Answers null
 * once it went there, else the message key to show: message.user_not_have_access_to_images for
 * a refusal, message.error_generating_images_url for any other failure or an answer without url.
 * Loaded on the click (components/view-images-button.tsx), not with the results page.
 */
export async function openStudy(
  navigate: NavigateFunction,
  accessionNumber: string,
): Promise<string | null> {
  try {
    const answer = await generateImageViewerLink({ accessionNumber });
    const outcome = linkOutcome(answer);
    const target =
      outcome.kind === 'view' ? answer.url : outcome.kind === 'noUrl' ? null : outcome.to;
    if (target && goToUrl(navigate, target)) return null;
  } catch (error) {
    if (
      isApiError(error) &&
      (error.code === imageViewerErrorCodes.userNotHaveAccessToImages ||
        error.code === imageViewerErrorCodes.accessionForbidden)
    ) {
      return imageViewerMessages.userNotHaveAccessToImages;
    }
  }
  return imageViewerMessages.errorGeneratingImagesUrl;
}
