/**
 * The image viewer's plain values, without zod (patient-portal-codes.ts says why): error codes,
 * audiences and the translation keys the web shows (docs/product/images.md).
 */

/** Who a viewer token (imsec) was issued to. */
export const imageViewerAudiences = ['PATIENT', 'REFERRER', 'EXTERNAL'] as const;
export type ImageViewerAudience = (typeof imageViewerAudiences)[number];

export const imageViewerLinkStatuses = ['ACTIVE', 'EXPIRED'] as const;
export const imageViewerPreferences = ['PORTAL', 'PACS'] as const;

/** Error codes of the image viewer calls. */
export const imageViewerErrorCodes = {
  /** 400: the imsec is not a token at all (malformed, truncated). */
  invalidToken: 'IMAGE_VIEWER_TOKEN_INVALID',
  /** 403: the imsec's signature, issuer or audience is wrong (forged or for another use). */
  forbiddenToken: 'IMAGE_VIEWER_TOKEN_FORBIDDEN',
  /** 401: the proxy was called with an expired imsec (GET /api/image_viewer answers EXPIRED instead). */
  expiredToken: 'IMAGE_VIEWER_TOKEN_EXPIRED',
  /** 404: the PACS has no study with this accession number, or the path is outside the token's study. */
  studyNotFound: 'IMAGE_STUDY_NOT_FOUND',
  /** 403: the accession number is not one of the signed-in patient's released results. */
  accessionForbidden: 'IMAGE_ACCESSION_FORBIDDEN',
  /** 503: no PACS is configured (demo without PACS_DICOMWEB_URL): images are unavailable. */
  pacsNotConfigured: 'PACS_NOT_CONFIGURED',
  /** 502: the PACS answered with an error or could not be reached. */
  pacsUnavailable: 'PACS_UNAVAILABLE',
  /** 504: the PACS did not answer within PACS_TIMEOUT_MS. */
  pacsTimeout: 'PACS_TIMEOUT',
  /** 403: POST /api/image_viewer/direct refused (spec 1 §4, §8). */
  userNotHaveAccessToImages: 'USER_NOT_HAVE_ACCESS_TO_IMAGES',
} as const;

/** Translation keys of spec 1 §8 for the image viewer. */
export const imageViewerMessages = {
  errorGeneratingImagesUrl: 'message.error_generating_images_url',
  userNotHaveAccessToImages: 'message.user_not_have_access_to_images',
  errorCheckImagesAuthorization: 'message.error_check_images_authorization',
} as const;
