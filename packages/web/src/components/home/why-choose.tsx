export function WhyChoose() { return null; }
