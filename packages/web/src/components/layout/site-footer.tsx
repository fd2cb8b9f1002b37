export function SiteFooter() { return null; }
