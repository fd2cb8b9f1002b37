import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. No Tailwind conflict merging (tailwind-merge was 27 KB of the home page's
 * script): components take only additive classes from their callers.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
