/**
 * Single sign-on for staff and referrers (docs/product/single-sign-on.md): the image viewer
 * authentication page and the provider's two callbacks. Every route is loaded on demand, so
 * oidc-client-ts is in no other page's JavaScript.
 */
export const ssoRoutes = {
  imageViewerAccess: async () => ({
    Component: (await import('./routes/image-viewer-access-page.tsx')).ImageViewerAccessPage,
  }),
  silentCallback: async () => ({
    Component: (await import('./routes/sso-callback-page.tsx')).SilentCallbackPage,
  }),
  popupCallback: async () => ({
    Component: (await import('./routes/sso-callback-page.tsx')).PopupCallbackPage,
  }),
};
