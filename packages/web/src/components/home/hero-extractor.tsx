export function HeroExtractor() { return null; }
