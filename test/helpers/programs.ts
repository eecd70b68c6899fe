// System programs some tests drive (the real clients nobody here wrote), and the one way a test says
// one is missing. A test that needs a program the machine lacks skips with a reason that starts with
// MISSING_PROGRAM and names the Debian package that provides it and how to install it; scripts/test.mjs
// counts those skips, prints them, and fails the run under CI (`CI=true`), where .ci/apt-packages
// installs every package listed here.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The start of every skip reason for a missing program (scripts/test.mjs looks for it). */
const MISSING_PROGRAM = 'missing program:';

/** What a test needs: an absolute path (never the bare name: a pyenv `aws` or `python3` may come first in PATH) and its Debian package. */
export interface SystemProgram {
  readonly path: string;
  readonly debianPackage: string;
  /** A further check when the file alone is not enough (a Python module the program needs). */
  readonly probe?: readonly string[];
}

export const PROGRAMS = {
  aws: { path: '/usr/bin/aws', debianPackage: 'awscli' },
  nvim: { path: '/usr/bin/nvim', debianPackage: 'neovim' },
  openssl: { path: '/usr/bin/openssl', debianPackage: 'openssl' },
  faketime: { path: '/usr/bin/faketime', debianPackage: 'faketime' },
  preCommit: { path: '/usr/bin/pre-commit', debianPackage: 'pre-commit' },
  chromium: { path: '/usr/bin/chromium', debianPackage: 'chromium' },
  python3: { path: '/usr/bin/python3', debianPackage: 'python3' },
  hvac: { path: '/usr/bin/python3', debianPackage: 'python3-hvac', probe: ['-c', 'import hvac'] },
} as const satisfies Record<string, SystemProgram>;

/**
 * Debian packages to treat as absent although installed (comma-separated): how the test of the test
 * runner (test/ship/missing-programs.test.ts) plays a machine without them.
 */
const pretendMissing = new Set((process.env.KEYFOB_TEST_PRETEND_MISSING ?? '').split(',').filter(Boolean));

/** The skip reason when `program` is missing here, else false (for `{ skip: missingProgram(…) }`). */
export function missingProgram(program: SystemProgram): string | false {
  const present =
    !pretendMissing.has(program.debianPackage) &&
    existsSync(program.path) &&
    (!program.probe || spawnSync(program.path, [...program.probe], { stdio: 'ignore' }).status === 0);
  if (present) return false;
  const what = program.probe ? `${program.path} with ${program.debianPackage}` : program.path;
  return `${MISSING_PROGRAM} ${what} is not installed (Debian package ${program.debianPackage}: apt-get install ${program.debianPackage})`;
}

/** The program's path when it is installed, else undefined. */
export function programPath(program: SystemProgram): string | undefined {
  return missingProgram(program) === false ? program.path : undefined;
}
