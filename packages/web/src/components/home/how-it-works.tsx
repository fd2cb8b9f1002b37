export function HowItWorks() { return null; }
