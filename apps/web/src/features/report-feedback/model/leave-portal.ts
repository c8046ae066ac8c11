/**
 * Leaves the portal for the provider's redirect after feedback: a page load, which the router
 * cannot do. Its own module so a page test can see where it went.
 */
export function leavePortal(url: string): void {
  window.location.assign(url);
}
