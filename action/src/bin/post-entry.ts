// Bundle entry of the post step (dist/post.cjs).
import { run } from '../post.ts';

void run();
