// Bundle entry of the main step (dist/main.cjs): runs it. `src/main.ts` exports `run()` for tools
// such as @github/local-action that call it themselves.
import { run } from '../main.ts';

void run();
