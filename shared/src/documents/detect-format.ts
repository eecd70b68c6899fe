import type { DocumentFormat } from './types.ts';

/**
 * The document format a file name implies: `.yaml`/`.yml` are YAML, `.json`/`.jsonc` are JSON
 * (read as JSONC), `.hcl` is HCL (ACL policies). Case-insensitive; any other name gives `undefined`.
 *
 * @example detectFormat('deploy.role.yml') // 'yaml'
 */
export function detectFormat(fileName: string): DocumentFormat | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot === -1) return undefined;
  switch (fileName.slice(dot + 1).toLowerCase()) {
    case 'yaml':
    case 'yml':
      return 'yaml';
    case 'json':
    case 'jsonc':
      return 'json';
    case 'hcl':
      return 'hcl';
    default:
      return undefined;
  }
}
