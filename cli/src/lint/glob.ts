/**
 * Compiles a path glob (`*`, `**`, `?`, `[abc]`, `{a,b}`) into a matcher of `/`-separated paths.
 * The generated expression has no nested quantifiers, so matching stays linear.
 */
export function compileGlob(glob: string): (path: string) => boolean {
  let source = '';
  let braceDepth = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] ?? '';
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const slashAfter = glob[i + 2] === '/';
        source += slashAfter ? '(?:[^/]*/)*' : '.*';
        i += slashAfter ? 2 : 1;
      } else source += '[^/]*';
    } else if (c === '?') source += '[^/]';
    else if (c === '{') {
      braceDepth++;
      source += '(?:';
    } else if (c === '}' && braceDepth > 0) {
      braceDepth--;
      source += ')';
    } else if (c === ',' && braceDepth > 0) source += '|';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 1);
      if (close === -1) source += '\\[';
      else {
        source += `[${glob.slice(i + 1, close).replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else source += c.replace(/[.+^$()|\\]/g, '\\$&');
  }
  const pattern = new RegExp(`^${source}$`);
  return (path) => pattern.test(path);
}

/** True when an argument holds glob syntax rather than naming a file or folder. */
export function isGlob(argument: string): boolean {
  return /[*?[{]/.test(argument);
}

/** The folder part of a glob before its first wildcard segment (where a walk starts). */
export function globBase(glob: string): string {
  const segments = glob.split('/');
  const fixed: string[] = [];
  for (const segment of segments) {
    if (isGlob(segment)) break;
    fixed.push(segment);
  }
  return fixed.join('/') || '.';
}
