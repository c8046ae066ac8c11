/**
 * Leaves the portal for another site (the PACS's own viewer, a provider's redirect): a page
 * load, which the router cannot do. Its own module so a page test can see where it went.
 */
export function leavePortal(url: string): void {
  window.location.assign(url);
}
