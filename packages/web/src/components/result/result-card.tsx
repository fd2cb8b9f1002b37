import { createContext, useContext, useId, useRef, type ReactNode } from 'react';
import { asksForPassword } from '@textlift/core/errors';
import type { ConversionState } from '../../hooks/use-tool-job.ts';
import { useRevealOnSettle } from '../../hooks/use-reveal-on-settle.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';

interface ResultPanel {
  /** The id a failure's words take: the card's heading is described by them. */
  failureId?: string;
  /** Focus moves to the card's heading when the job ends, so its words are said there, not as an alert too. */
  revealing: boolean;
  /** Puts focus back on the card's heading (after Cancel, whose button goes away). */
  focusHeading?(): void;
}

const ResultPanelContext = createContext<ResultPanel>({ revealing: false });

/** What the result card around a panel does with its outcome; outside one, a failure is an alert. */
export function useResultPanel(): ResultPanel {
  return useContext(ResultPanelContext);
}

export interface ResultCardProps {
  title: string;
  /** Says what the card holds; not shown beside a failure, where it would claim a result there is not. */
  description: string;
  /** The job's state, whose end brings the card into view. */
  state: ConversionState | undefined;
  /**
   * Bring the card into view and focus its heading when the job ends: on for every job the
   * visitor started, off for a live preview that follows typing (the QR code).
   */
  reveal?: boolean;
  children: ReactNode;
}

/**
 * The result card of every tool page and of the home page: its heading and description, and
 * the panel. When a job ends (done or failed) the card is brought into view, respecting reduced
 * motion, and its heading takes focus, described by the failure's words where it failed; the
 * card's description, which says what a result holds, is not shown beside a failure.
 */
export function ResultCard({ title, description, state, reveal = true, children }: ResultCardProps) {
  const card = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const failed = state?.status === 'failed';
  const settled = reveal && (state?.status === 'done' || failed) ? state : undefined;
  // A password prompt puts focus in its own field, and says itself.
  const asksPassword = failed && asksForPassword(state.error.code);
  useRevealOnSettle(settled, card, heading, { focus: !asksPassword });
  const failureId = `${id}-failure`;
  const panel: ResultPanel = { failureId, revealing: reveal, focusHeading: () => heading.current?.focus() };
  return (
    <Card ref={card} data-testid="result-card">
      <CardHeader>
        <CardTitle
          ref={heading}
          tabIndex={-1}
          aria-describedby={failed ? (asksPassword ? undefined : failureId) : `${id}-description`}
          className="outline-none"
          data-testid="result-heading"
        >
          {title}
        </CardTitle>
        {!failed && <CardDescription id={`${id}-description`}>{description}</CardDescription>}
      </CardHeader>
      <CardContent>
        <ResultPanelContext value={panel}>{children}</ResultPanelContext>
      </CardContent>
    </Card>
  );
}
