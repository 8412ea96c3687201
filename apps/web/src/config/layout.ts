/** Layout constants of SPEC.md §9. Components read sizes from here, never literals. */
export const layout = {
  sidebarWidth: 300,
  drawerWidth: 320,
  headerHeightMobile: 64,
  headerHeightDesktop: 72,
  smallPopoverWidth: 250,
  notificationPopoverWidth: 420,
  notificationPopoverMaxHeight: '80vh',
  authBoxWidth: 420,
  onboardingCompactWidth: 448,
  /** The dashboard layout switches from drawer to fixed sidebar here. */
  layoutBreakpoint: 'lg',
  onboardingBreakpoint: 'md',
  /** Below this width the console treats the screen as mobile (search hidden). */
  mobileMaxWidth: 1024,
  defaultLogoWidth: 50,
  adminLogoWidth: 200,
  adminLogoHeight: 60,
} as const;
