// What every hint panel is given. Its own file: HintPanels renders KeywordSuggestPanel, which takes these props,
// so keeping them in HintPanels made the two files import each other.
import type { Detail } from './model/detail';

export interface PanelProps {
  hint: string;
  /** Operations whose failure is shown once for all of them above the panels. */
  sharedFailures: ReadonlySet<string>;
  background: string;
  now: number;
  onPick: (keyword: string) => void;
  onOpen: (detail: Detail) => void;
}
