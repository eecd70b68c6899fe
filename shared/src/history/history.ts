import data from '@keyfob/schemas/platform-history.json' with { type: 'json' };
import type { HistoryData } from './data-types.ts';
import { loadHistory } from './load-history.ts';
import type { HistoryIndex } from './types.ts';

/**
 * The platform API change history (seed 2), loaded once from `schemas/platform-history.json`.
 * The data is checked against its JSON Schema by a test, which is what makes this cast safe.
 */
export const history: HistoryIndex = loadHistory(data as HistoryData);
