import {
  gitRunner,
  isAccessModelFileName,
  isGitRef,
  readRevisionFiles,
  type GitRunner,
  type Spawn,
} from '../access/index.ts';
import type { BaseReader } from './access-since-base.ts';

/** Where the branch's base is looked for when the `accessBase` setting is empty, in order. */
const FALLBACK_BASES = ['@{upstream}', 'origin/HEAD', 'main', 'master'];

/**
 * A base reader for hosts that can run git (`keyfob lsp`, the desktop extension's server): the
 * merge-base of HEAD with the `accessBase` ref (else the branch's upstream, origin/HEAD, main or
 * master, the first git knows), and the folder's keyfob files there, read from git's object store
 * (git ls-tree and cat-file, no checkout) except those `skip` leaves out (the folders the host's
 * workspace walk skips). `pathOf` turns a `file:` folder URI into the host's path.
 */
export function gitBaseReader(
  spawn: Spawn,
  pathOf: (folderUri: string) => string,
  skip: (path: string) => boolean,
): BaseReader {
  return {
    async resolve(folderUri, ref) {
      if (!folderUri.startsWith('file:')) return { reason: 'the folder is not on this machine' };
      if (ref !== '' && !isGitRef(ref))
        return { reason: `the accessBase setting "${ref.slice(0, 64)}" is not a git ref (no spaces, no leading -)` };
      const git = gitRunner(spawn, pathOf(folderUri));
      for (const candidate of ref !== '' ? [ref] : FALLBACK_BASES) {
        const target = await text(git, [
          'rev-parse',
          '--verify',
          '--quiet',
          '--end-of-options',
          `${candidate}^{commit}`,
        ]);
        if (target === undefined) continue;
        const commit = await text(git, ['merge-base', 'HEAD', target]);
        if (commit === undefined) return { reason: `HEAD and ${candidate} have no common commit` };
        const name =
          candidate === '@{upstream}'
            ? ((await text(git, ['rev-parse', '--abbrev-ref', '@{upstream}'])) ?? candidate)
            : candidate;
        return { commit, label: `${name} (${commit.slice(0, 8)})` };
      }
      return {
        reason:
          ref !== ''
            ? `git knows no commit "${ref.slice(0, 64)}" here (fetch it, or change the accessBase setting)`
            : 'not a git repository, or no upstream, origin/HEAD, main or master to compare with (set keyfob.accessBase)',
      };
    },
    async files(folderUri, commit) {
      const git = gitRunner(spawn, pathOf(folderUri));
      const read = await readRevisionFiles(git, commit, ['.'], (file) => isAccessModelFileName(file) && !skip(file));
      return read.ok ? read.files.map((f) => ({ path: f.file, text: f.text })) : [];
    },
  };
}

/** git's trimmed output, or undefined when it fails. */
async function text(git: GitRunner, args: string[]): Promise<string | undefined> {
  try {
    const out = new TextDecoder().decode(await git(args)).trim();
    return out === '' ? undefined : out;
  } catch {
    return undefined;
  }
}
